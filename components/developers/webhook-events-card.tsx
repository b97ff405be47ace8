"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";

const isStatus = (s: string): s is "pending" | "successful" | "failed" | "cancelled" => ["pending", "successful", "failed", "cancelled"].includes(s);

/** The most recent webhook events of the mode, with where they stand. */
export function WebhookEventsCard() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1];
  const events = useQuery(trpc.webhooks.events.queryOptions({ ...scope, cursor }, { refetchInterval: 10_000 }));

  return (
    <Card aria-labelledby="events-title">
      <CardHeader id="events-title" title={t("developers.events")} />
      <QueryBoundary query={events}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={t("developers.noEvents")} />
          ) : (
            <>
              <Table label={t("developers.events")}>
                <thead>
                  <tr>
                    <Th>{t("detail.time")}</Th>
                    <Th>{t("detail.event")}</Th>
                    <Th>{t("transactions.id")}</Th>
                    <Th>{t("transactions.status")}</Th>
                    <Th>{t("developers.attempts")}</Th>
                    <Th>{t("detail.url")}</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {page.items.map((e) => (
                    <tr key={e.id}>
                      <Td>{formatDateTime(e.createdAt, locale)}</Td>
                      <Td>
                        <span className="text-sm">{e.kind === "test" ? t("developers.testEvent") : isStatus(e.status) ? t(`status.${e.status}`) : e.status}</span>
                        {e.kind === "resend" ? <span className="ml-1 text-xs text-slate-400">(resend)</span> : null}
                      </Td>
                      <Td>
                        {e.transactionId && e.kind !== "test" ? (
                          <Link href={`/dashboard/transactions/${e.transactionId}`} className="font-mono text-xs text-emerald-700 hover:underline">
                            {e.transactionId}
                          </Link>
                        ) : (
                          t("common.none")
                        )}
                      </Td>
                      <Td>
                        <Badge tone={statusTone[e.state]}>{t(`eventState.${e.state}`)}</Badge>
                      </Td>
                      <Td>{e.attemptCount}</Td>
                      <Td className="max-w-[16rem] truncate">
                        <span title={e.lastUrl ?? undefined}>{e.lastUrl ?? t("common.none")}</span>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {(cursors.length > 1 || page.nextCursor) && (
                <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
                  <Button variant="secondary" size="sm" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
                    {t("common.previous")}
                  </Button>
                  <Button variant="secondary" size="sm" disabled={!page.nextCursor} onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor])}>
                    {t("common.next")}
                  </Button>
                </div>
              )}
            </>
          )
        }
      </QueryBoundary>
    </Card>
  );
}
