"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Card, PageHeader } from "@/components/ui/card";
import { FilterSelect } from "@/components/ui/choices";
import { Field, Input } from "@/components/ui/field";
import { Td, Th } from "@/components/ui/table";
import { DevelopersTabs } from "./developers-tabs";
import { PagedTable, useCursors } from "./cursor-pager";

/** Developers → Events (issue 23): every notification of the mode, by type and transaction. */
export function EventsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const [type, setType] = useState("");
  const [transactionId, setTransactionId] = useState("");
  const pager = useCursors();
  const cursor = pager.cursor;
  const patterns = useQuery(trpc.developers.eventPatterns.queryOptions(scope));
  const events = useQuery(trpc.developers.events.queryOptions({ ...scope, cursor, type: type || undefined, transactionId: transactionId.trim() || undefined }, { refetchInterval: 10_000 }));
  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Card aria-labelledby="events-page-title">
        <div className="border-b border-slate-100 px-4 py-4 sm:px-5">
          <h2 id="events-page-title" className="text-base font-semibold text-slate-900">
            {t("integrators.events.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{t("integrators.events.hint")}</p>
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <FilterSelect
              label={t("integrators.events.type")}
              value={type}
              onChange={(v) => {
                setType(v);
                pager.reset();
              }}
            >
              {(patterns.data ?? []).filter((p) => p !== "*").map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </FilterSelect>
            <Field label={t("integrators.logs.transaction")}>
              {(p) => (
                <Input
                  {...p}
                  value={transactionId}
                  placeholder="pi_…"
                  onChange={(e) => {
                    setTransactionId(e.target.value);
                    pager.reset();
                  }}
                />
              )}
            </Field>
          </div>
        </div>
        <PagedTable
          query={events}
          pager={pager}
          empty={t("integrators.events.empty")}
                  label={t("integrators.events.title")}
                  card={(e) => (
                    <li key={e.id} className="px-4 py-3 text-sm" data-testid="event-mobile">
                      <Link href={`/dashboard/developers/events/${e.id}`} className="block">
                        <p className="font-mono text-xs font-medium text-slate-900">{e.type}</p>
                        <div className="mt-1 flex justify-between gap-3 text-xs text-slate-500">
                          <span className="min-w-0 truncate font-mono">{e.transaction_id ?? e.id}</span>
                          <span className="shrink-0">{formatDateTime(e.created_at, locale)}</span>
                        </div>
                      </Link>
                    </li>
                  )}
                  head={
                    <>
                      <Th>{t("integrators.logs.time")}</Th>
                      <Th>{t("integrators.events.type")}</Th>
                      <Th>{t("integrators.logs.transaction")}</Th>
                      <Th>ID</Th>
                    </>
                  }
                  row={(e) => (
                    <tr key={e.id} data-testid="event-row" className="hover:bg-slate-50">
                      <Td>{formatDateTime(e.created_at, locale)}</Td>
                      <Td className="font-mono text-xs">
                        <Link href={`/dashboard/developers/events/${e.id}`} className="text-emerald-700 hover:underline">
                          {e.type}
                        </Link>
                      </Td>
                      <Td className="font-mono text-xs">
                        {e.transaction_id ? (
                          <Link href={`/dashboard/transactions/${e.transaction_id}`} className="hover:underline">
                            {e.transaction_id}
                          </Link>
                        ) : (
                          t("common.none")
                        )}
                      </Td>
                      <Td className="font-mono text-xs text-slate-500">{e.id}</Td>
                    </tr>
                  )}
        />
      </Card>
    </>
  );
}
