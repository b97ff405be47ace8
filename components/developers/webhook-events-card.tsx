"use client";

import Link from "next/link";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/app-router";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Badge, statusTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { isTransactionStatus } from "@/server/vocabulary";
import { CursorPager, useCursors } from "./cursor-pager";

const isStatus = isTransactionStatus;

type EventItem = inferRouterOutputs<AppRouter>["webhooks"]["events"]["items"][number];

function EventName({ e }: { e: EventItem }) {
  const t = useT();
  return (
    <>
      <span className="text-sm">{e.kind === "test" ? t("developers.testEvent") : isStatus(e.status) ? t(`status.${e.status}`) : e.status}</span>
      {e.kind === "resend" ? <span className="ml-1 text-xs text-slate-400">{t("developers.resendTag")}</span> : null}
    </>
  );
}

function TransactionLink({ e }: { e: EventItem }) {
  const t = useT();
  return e.transactionId && e.kind !== "test" ? (
    <Link href={`/dashboard/transactions/${e.transactionId}`} className="font-mono text-xs text-emerald-700 hover:underline">
      {e.transactionId}
    </Link>
  ) : (
    <>{t("common.none")}</>
  );
}

/** Where it went; a skipped event went nowhere because no URL was set, and says so. */
function Destination({ e }: { e: EventItem }) {
  const t = useT();
  if (e.lastUrl) return <span title={e.lastUrl}>{e.lastUrl}</span>;
  return <span>{e.state === "skipped" ? t("developers.skippedNoUrl") : t("common.none")}</span>;
}

/** The most recent webhook events of the mode, with where they stand; stacked on phones. */
export function WebhookEventsCard() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const pager = useCursors();
  const cursor = pager.cursor;
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
              <ResponsiveTable
                label={t("developers.events")}
                items={page.items}
                card={(e) => (
                  <li key={e.id} className="px-4 py-3 text-sm" data-testid="webhook-event-mobile">
                    <div className="flex items-center justify-between gap-3">
                      <span className="font-medium text-slate-900">
                        <EventName e={e} />
                      </span>
                      <Badge tone={statusTone[e.state]}>{t(`eventState.${e.state}`)}</Badge>
                    </div>
                    <div className="mt-1 flex items-center justify-between gap-3 text-xs text-slate-500">
                      <span className="min-w-0 truncate">
                        <TransactionLink e={e} />
                      </span>
                      <span className="shrink-0">{formatDateTime(e.createdAt, locale)}</span>
                    </div>
                    <p className="mt-1 [overflow-wrap:anywhere] text-xs text-slate-500">
                      {t("developers.attempts")}: {e.attemptCount} · <Destination e={e} />
                    </p>
                  </li>
                )}
                head={
                  <>
                    <Th>{t("detail.time")}</Th>
                    <Th>{t("detail.event")}</Th>
                    <Th>{t("transactions.id")}</Th>
                    <Th>{t("transactions.status")}</Th>
                    <Th>{t("developers.attempts")}</Th>
                    <Th>{t("detail.url")}</Th>
                  </>
                }
                row={(e) => (
                  <tr key={e.id} data-testid="webhook-event-row">
                    <Td>{formatDateTime(e.createdAt, locale)}</Td>
                    <Td>
                      <EventName e={e} />
                    </Td>
                    <Td>
                      <TransactionLink e={e} />
                    </Td>
                    <Td>
                      <Badge tone={statusTone[e.state]}>{t(`eventState.${e.state}`)}</Badge>
                    </Td>
                    <Td>{e.attemptCount}</Td>
                    <Td className="max-w-[16rem] truncate">
                      <Destination e={e} />
                    </Td>
                  </tr>
                )}
              />
              <CursorPager pager={pager} nextCursor={page.nextCursor} />
            </>
          )
        }
      </QueryBoundary>
    </Card>
  );
}
