"use client";

import Link from "next/link";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/app-router";
import { countryName, formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { Badge, statusTone } from "@/components/ui/badge";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { networkName } from "./network-name";

type ListedRow = inferRouterOutputs<AppRouter>["transactions"]["list"]["items"][number];
/** The overview's recent rows do not say whether a payout is held (issue 22): optional here. */
export type TransactionRow = Omit<ListedRow, "awaitingApproval"> & { awaitingApproval?: boolean };

/** A held payout's status is still `pending` (the API says so); the dashboard says it waits for approval. */
export function StatusBadge({ status, awaitingApproval = false }: { status: TransactionRow["status"]; awaitingApproval?: boolean }) {
  const t = useT();
  if (awaitingApproval && status === "pending") return <Badge tone="blue">{t("control.approvals.awaitingApproval")}</Badge>;
  return <Badge tone={statusTone[status]}>{t(`status.${status}`)}</Badge>;
}

/**
 * The row's status, where a successful payin that refunds gave back in full or in part
 * says so ("Refunded", "Partially refunded") instead of only "Successful".
 */
export function RowStatus({ row }: { row: Pick<TransactionRow, "status" | "amount" | "refundedAmount" | "awaitingApproval"> }) {
  const t = useT();
  if (row.status === "successful" && row.refundedAmount) {
    const full = Number(row.refundedAmount) >= Number(row.amount);
    return (
      <Badge tone={full ? "slate" : "blue"}>
        <span data-testid="refund-state">{t(full ? "qaKit.refunded" : "qaKit.partiallyRefunded")}</span>
      </Badge>
    );
  }
  return <StatusBadge status={row.status} awaitingApproval={row.awaitingApproval} />;
}

/** Money out (payouts, refunds) with the minus sign, money in without: one sign rule for every list. */
export function signedAmount(row: Pick<TransactionRow, "type" | "amount">): string {
  return row.type === "payin" ? row.amount : `-${row.amount}`;
}

function Amount({ row }: { row: TransactionRow }) {
  const locale = useLocale();
  return <span className="font-medium tabular-nums text-slate-900">{formatMoney(signedAmount(row), row.currency, locale)}</span>;
}

/**
 * Transactions as a table on larger screens and as a stacked list on phones, where a
 * seven-column table would hide the amount and status off-screen. Each id links to
 * the detail view.
 */
export function TransactionTable({ rows, compact = false }: { rows: TransactionRow[]; compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const href = (r: TransactionRow) => `/dashboard/transactions/${r.id}`;
  return (
    <ResponsiveTable
      label={t("transactions.title")}
      items={rows}
      card={(r) => (
        <li key={r.id} data-testid="transaction-row-mobile" data-transaction-id={r.id} data-status={r.status}>
          <Link href={href(r)} className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600">
            <div className="flex items-center justify-between gap-3">
              <Amount row={r} />
              <RowStatus row={r} />
            </div>
            <div className="mt-1 flex items-center justify-between gap-3 text-xs text-slate-500">
              <span className="truncate">
                {t(`types.${r.type}`)} · {r.orderId ?? r.id}
              </span>
              <span className="shrink-0">{formatDateTime(r.createdAt, locale)}</span>
            </div>
          </Link>
        </li>
      )}
      head={
        <>
          <Th>{t("transactions.date")}</Th>
          <Th>{t("transactions.id")}</Th>
          {!compact ? <Th>{t("transactions.customer")}</Th> : null}
          <Th className="text-right">{t("transactions.amount")}</Th>
          <Th>{t("transactions.status")}</Th>
        </>
      }
      row={(r) => (
        <tr key={r.id} className="hover:bg-slate-50" data-testid="transaction-row" data-transaction-id={r.id} data-status={r.status}>
          <Td className="text-slate-500">{formatDateTime(r.createdAt, locale)}</Td>
          <Td>
            <Link href={href(r)} className="font-mono text-xs font-medium text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600">
              {r.id}
            </Link>
            <div className="max-w-[16rem] truncate text-xs text-slate-500">
              {t(`types.${r.type}`)}
              {r.orderId ? ` · ${r.orderId}` : ""}
            </div>
          </Td>
          {!compact ? (
            <Td>
              <div className="tabular-nums text-slate-900">+{r.phoneNumber}</div>
              <div className="text-xs text-slate-500">
                {networkName(r.countryCode, r.network)} · {countryName(r.countryCode, locale)}
              </div>
            </Td>
          ) : null}
          <Td className="text-right">
            <Amount row={r} />
          </Td>
          <Td>
            <RowStatus row={r} />
          </Td>
        </tr>
      )}
    />
  );
}
