"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { FilterSelect } from "@/components/ui/choices";
import { Field, Input } from "@/components/ui/field";
import { DateSelect } from "@/components/ui/date-select";
import { Td, Th } from "@/components/ui/table";
import { DevelopersTabs, HttpStatus } from "./developers-tabs";
import { PagedTable, useCursors } from "./cursor-pager";

const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
type StatusClass = (typeof STATUS_CLASSES)[number];

interface Filters {
  statusClass: string;
  path: string;
  apiKeyId: string;
  from: string;
  to: string;
  transactionId: string;
}

/** Local calendar days → the instants the service filters on ([from 00:00, the day after `to`)). */
function toInput(f: Filters) {
  const day = (v: string, plus = 0) => {
    const [y, m, d] = v.split("-").map(Number);
    return new Date(y, m - 1, d + plus);
  };
  return {
    statusClass: (STATUS_CLASSES as readonly string[]).includes(f.statusClass) ? (f.statusClass as StatusClass) : undefined,
    path: f.path.trim() || undefined,
    apiKeyId: f.apiKeyId || undefined,
    transactionId: f.transactionId.trim() || undefined,
    createdFrom: f.from ? day(f.from) : undefined,
    createdBefore: f.to ? day(f.to, 1) : undefined,
  };
}

/** Developers → Logs (issue 23): the mode's API requests, filtered, newest first; a row opens its detail. */
export function LogsPage({ initialTransactionId }: { initialTransactionId?: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const empty: Filters = { statusClass: "", path: "", apiKeyId: "", from: "", to: "", transactionId: "" };
  const [draft, setDraft] = useState<Filters>({ ...empty, transactionId: initialTransactionId ?? "" });
  const [applied, setApplied] = useState<Filters>(draft);
  const pager = useCursors();
  const cursor = pager.cursor;
  const keys = useQuery(trpc.apiKeys.list.queryOptions(scope));
  const logs = useQuery(trpc.developers.requestLogs.queryOptions({ ...scope, ...toInput(applied), cursor }, { refetchInterval: 5_000 }));
  const set = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const apply = (f: Filters) => {
    setApplied(f);
    pager.reset();
  };

  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Card aria-labelledby="logs-title">
        <div className="border-b border-slate-100 px-4 py-4 sm:px-5">
          <h2 id="logs-title" className="text-base font-semibold text-slate-900">
            {t("integrators.logs.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{t("integrators.logs.hint")}</p>
          <form
            className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              apply(draft);
            }}
          >
            <FilterSelect label={t("integrators.logs.statusClass")} value={draft.statusClass} onChange={set("statusClass")}>
              {STATUS_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </FilterSelect>
            <Field label={t("integrators.logs.path")}>{(p) => <Input {...p} value={draft.path} onChange={(e) => set("path")(e.target.value)} placeholder="/api/v1/merchant/payin" />}</Field>
            <FilterSelect label={t("integrators.logs.key")} value={draft.apiKeyId} onChange={set("apiKeyId")}>
              {(keys.data ?? []).map((k) => (
                <option key={k.id} value={k.id}>
                  {k.displayPrefix}… {k.name ?? ""}
                </option>
              ))}
            </FilterSelect>
            <Field label={t("integrators.logs.transaction")}>
              {(p) => <Input {...p} name="transactionId" value={draft.transactionId} onChange={(e) => set("transactionId")(e.target.value)} placeholder="pi_…" />}
            </Field>
            {/* Day, month and year in the page's language (the browser's date input showed mm/dd/yyyy on a French page). */}
            <div className="sm:col-span-2">
              <DateSelect label={t("integrators.logs.from")} value={draft.from || undefined} onChange={(from) => setDraft((d) => ({ ...d, from: from ?? "" }))} testId="logs-from" />
            </div>
            <div className="sm:col-span-2">
              <DateSelect label={t("integrators.logs.to")} value={draft.to || undefined} onChange={(to) => setDraft((d) => ({ ...d, to: to ?? "" }))} testId="logs-to" />
            </div>
            <div className="flex gap-2 sm:col-span-4">
              <Button type="submit" size="sm">
                {t("integrators.logs.apply")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => {
                  setDraft(empty);
                  apply(empty);
                }}
              >
                {t("integrators.logs.clear")}
              </Button>
            </div>
          </form>
        </div>
        <PagedTable
          query={logs}
          pager={pager}
          empty={t("integrators.logs.empty")}
                  label={t("integrators.logs.title")}
                  card={(r) => (
                    <li key={r.id} className="px-4 py-3 text-sm" data-testid="request-log-mobile">
                      <Link href={`/dashboard/developers/logs/${r.id}`} className="block">
                        <div className="flex items-center justify-between gap-3">
                          <span className="min-w-0 truncate font-mono text-xs text-slate-900">
                            <span className="font-semibold">{r.method}</span> {r.path}
                          </span>
                          <HttpStatus code={r.status} />
                        </div>
                        <div className="mt-1 flex justify-between gap-3 text-xs text-slate-500">
                          <span>{formatDateTime(r.created_at, locale)}</span>
                          <span className="tabular-nums">{r.duration_ms} ms</span>
                        </div>
                      </Link>
                    </li>
                  )}
                  head={
                    <>
                      <Th>{t("integrators.logs.time")}</Th>
                      <Th>{t("integrators.logs.request")}</Th>
                      <Th>{t("integrators.logs.status")}</Th>
                      <Th>{t("integrators.logs.duration")}</Th>
                      <Th>{t("integrators.logs.key")}</Th>
                      <Th>{t("integrators.logs.transaction")}</Th>
                    </>
                  }
                  row={(r) => (
                    <tr key={r.id} data-testid="request-log-row" className="hover:bg-slate-50">
                      <Td>{formatDateTime(r.created_at, locale)}</Td>
                      <Td className="max-w-[18rem] truncate font-mono text-xs">
                        <Link href={`/dashboard/developers/logs/${r.id}`} className="text-emerald-700 hover:underline">
                          <span className="font-semibold">{r.method}</span> {r.path}
                          {r.query ? `?${r.query}` : ""}
                        </Link>
                      </Td>
                      <Td>
                        <HttpStatus code={r.status} />
                      </Td>
                      <Td className="tabular-nums">{r.duration_ms} ms</Td>
                      <Td className="font-mono text-xs">{r.api_key.prefix ?? r.api_key.id}…</Td>
                      <Td className="max-w-[12rem] truncate font-mono text-xs">{r.transaction_id ?? t("common.none")}</Td>
                    </tr>
                  )}
        />
      </Card>
    </>
  );
}
