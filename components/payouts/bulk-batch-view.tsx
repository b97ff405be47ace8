"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { StatusBadge } from "@/components/transactions/transaction-table";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { isFinalStatus } from "@/server/vocabulary";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState, isMissing } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { itemErrorMessages } from "./bulk-messages";
import { useSendBatch } from "./use-send-batch";

const POLL_MS = 1500;

/**
 * One bulk batch, followed live from its own address (/dashboard/payouts/bulk/<batch_id>):
 * everything shown comes from the server by the batch id (each item with the CSV line it
 * was sent from), so a reload, a shared link or a language switch shows the same batch.
 * Failed and refused lines are sent again as a new batch, whose page then opens.
 */
export function BulkBatchView({ batchId }: { batchId: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const send = useSendBatch();
  const batch = useQuery(
    trpc.bulkPayouts.get.queryOptions({ ...scope, batchId }, { refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === "pending") ? POLL_MS : false) }),
  );

  const header = (
    <PageHeader
      title={t("bulk.title")}
      actions={
        can("developer") ? (
          <Link href="/dashboard/payouts/bulk" className={buttonClass("secondary")}>
            {t("bulk.newBatch")}
          </Link>
        ) : null
      }
    />
  );
  if (batch.isPending || batch.isError) {
    return (
      <>
        {header}
        <Card>
          {batch.isPending ? (
            <LoadingState rows={5} className="p-6" />
          ) : isMissing(batch.error) ? (
            <EmptyState title={t("bulk.notFound")} />
          ) : (
            <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />
          )}
        </Card>
      </>
    );
  }

  const items = batch.data.items;
  const done = items.filter((i) => i.status === null || isFinalStatus(i.status)).length;
  const finished = done === items.length;
  const count = (s: string) => items.filter((i) => i.status === s).length;
  const toRetry = items.filter((i) => i.status === null || i.status === "failed" || i.status === "cancelled").flatMap((i) => (i.row ? [i.row] : []));
  const money = (amount: string, currency: string | null) => {
    try {
      return formatMoney(amount, currency ?? "XOF", locale);
    } catch {
      return `${amount} ${currency ?? ""}`.trim();
    }
  };

  return (
    <>
      {header}
      <Card aria-labelledby="batch-title">
        <CardHeader
          id="batch-title"
          title={t("bulk.batchTitle")}
          description={
            <>
              <code className="break-all font-mono text-xs">{batch.data.batchId}</code>
              {batch.data.createdAt ? <> · {t("bulk.sentAt", { date: formatDateTime(batch.data.createdAt, locale) })}</> : null}
              <br />
              <span data-testid="batch-progress">{t("bulk.progress", { done, total: items.length })}</span> ·{" "}
              {t("bulk.batchSummary", { successful: count("successful"), failed: count("failed") + count("cancelled"), refused: items.filter((i) => i.status === null).length })}
              {batch.data.awaitingApproval ? (
                <>
                  <br />
                  <Link href="/dashboard/approvals" className="font-medium text-sky-800 underline" data-testid="batch-awaiting-approval">
                    {t("control.approvals.batchWaiting")}
                  </Link>
                </>
              ) : null}
            </>
          }
          actions={
            toRetry.length && finished && can("developer") ? (
              <Button variant="secondary" onClick={() => send.mutate({ ...scope, rows: toRetry })} loading={send.isPending}>
                {t("bulk.retry", { count: toRetry.length })}
              </Button>
            ) : null
          }
        />
        <div className="px-4 pb-4 sm:px-6">
          <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={items.length || 1} aria-valuenow={done} aria-label={t("bulk.progressLabel")}>
            <div className="h-full bg-emerald-600 transition-all" style={{ width: `${items.length ? Math.round((done / items.length) * 100) : 0}%` }} />
          </div>
          {toRetry.length && !finished ? <p className="mt-2 text-xs text-slate-500">{t("bulk.retryHint")}</p> : null}
        </div>
        <Table label={t("bulk.batchLabel")}>
          <thead>
            <tr>
              <Th>#</Th>
              <Th>{t("bulk.status")}</Th>
              <Th>{t("bulk.orderId")}</Th>
              <Th className="text-right">{t("bulk.amount")}</Th>
              <Th>{t("bulk.transaction")}</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((i) => (
              <tr key={i.line} data-testid={`batch-line-${i.line}`} data-transaction-id={i.transactionId ?? undefined} data-status={i.status ?? undefined}>
                <Td className="text-slate-500">{i.line}</Td>
                <Td className="whitespace-normal">
                  {i.status ? <StatusBadge status={i.status} awaitingApproval={batch.data.awaitingApproval} /> : <Badge tone="red">{t("bulk.rejected")}</Badge>}
                  {i.error
                    ? itemErrorMessages(i.error, t, locale).map((msg) => (
                        <p key={msg} className="mt-1 max-w-xs whitespace-normal break-words text-xs text-red-600">
                          {msg}
                        </p>
                      ))
                    : null}
                </Td>
                <Td className="font-mono text-xs">{i.orderId ?? i.row?.order_id ?? "—"}</Td>
                <Td className="text-right tabular-nums">{i.amount ? money(i.amount, i.currency) : "—"}</Td>
                <Td className="font-mono text-xs">
                  {i.transactionId ? (
                    <Link href={`/dashboard/transactions/${i.transactionId}`} className="font-medium text-emerald-800 hover:underline">
                      {i.transactionId}
                    </Link>
                  ) : (
                    "—"
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </>
  );
}
