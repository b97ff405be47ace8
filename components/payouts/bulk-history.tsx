"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";

/**
 * The bulk page's history: the latest batches of this mode, sent from here or with
 * POST /api/v1/merchant/payouts/bulk, each linking to its live batch page.
 */
export function BulkHistory() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const batches = useQuery(
    trpc.bulkPayouts.list.queryOptions(
      { ...scope, limit: 20 },
      { refetchInterval: (q) => (q.state.data?.some((b) => b.statuses.pending > 0) ? 3000 : false) },
    ),
  );
  const href = (id: string) => `/dashboard/payouts/bulk/${id}`;
  const progress = (b: { accepted: number; statuses: Record<string, number> }) =>
    t("qaKit.batchProgress", { successful: b.statuses.successful ?? 0, pending: b.statuses.pending ?? 0, failed: (b.statuses.failed ?? 0) + (b.statuses.cancelled ?? 0) });
  return (
    <Card className="mt-6" aria-labelledby="bulk-history-title">
      <CardHeader id="bulk-history-title" title={t("qaKit.pastBatches")} description={t("qaKit.pastBatchesHint")} />
      <QueryBoundary query={batches} rows={3}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t("qaKit.noBatches")} />
          ) : (
            <ResponsiveTable
              label={t("qaKit.pastBatches")}
              items={list}
              card={(b) => (
                <li key={b.id} data-testid="bulk-batch-mobile" data-batch-id={b.id}>
                  <Link href={href(b.id)} className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600">
                    <div className="flex items-center justify-between gap-3">
                      <span className="font-medium text-slate-900">{t("qaKit.batchLines", { count: b.total })}</span>
                      <Badge tone={b.source === "api" ? "blue" : "slate"}>{t(b.source === "api" ? "qaKit.sourceApi" : "qaKit.sourceDashboard")}</Badge>
                    </div>
                    <p className="mt-1 text-xs text-slate-500">{progress(b)}</p>
                    <p className="mt-0.5 text-xs text-slate-500">{formatDateTime(b.createdAt, locale)}</p>
                  </Link>
                </li>
              )}
              head={
                <>
                  <Th>{t("qaKit.batchDate")}</Th>
                  <Th>{t("qaKit.batchId")}</Th>
                  <Th>{t("qaKit.batchSource")}</Th>
                  <Th className="text-right">{t("qaKit.batchAccepted")}</Th>
                  <Th>{t("qaKit.batchPayouts")}</Th>
                </>
              }
              row={(b) => (
                <tr key={b.id} data-testid="bulk-batch" data-batch-id={b.id}>
                  <Td className="text-slate-500">{formatDateTime(b.createdAt, locale)}</Td>
                  <Td>
                    <Link href={href(b.id)} className="font-mono text-xs font-medium text-emerald-800 hover:underline">
                      {b.id}
                    </Link>
                  </Td>
                  <Td>
                    <Badge tone={b.source === "api" ? "blue" : "slate"}>{t(b.source === "api" ? "qaKit.sourceApi" : "qaKit.sourceDashboard")}</Badge>
                  </Td>
                  <Td className="text-right tabular-nums">
                    {b.accepted} / {b.total}
                  </Td>
                  <Td className="text-xs text-slate-600">{progress(b)}</Td>
                </tr>
              )}
            />
          )
        }
      </QueryBoundary>
    </Card>
  );
}
