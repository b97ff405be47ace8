"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney, formatPercent } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { TransactionTable } from "@/components/transactions/transaction-table";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ActivityChart } from "./activity-chart";
import { SendPayoutButton } from "@/components/payouts/send-payout-dialog";
import { TopUpButton } from "./top-up-dialog";
import { useLiveTransactions } from "@/components/transactions/use-live-transactions";

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      {/*
        An amount is never cut short. On a phone's half-width column it is a size smaller, and when
        it still does not fit its currency goes to its own line: the no-break space Intl puts
        between code and number becomes a plain one, so the number itself is not broken (only a
        number wider than the column would be, by overflow-wrap).
      */}
      <p data-testid="overview-stat" className="mt-1 text-lg font-semibold tabular-nums text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">
        {value.replaceAll("\u00a0", " ")}
      </p>
      {sub ? <p className="mt-0.5 text-xs text-slate-500">{sub}</p> : null}
    </div>
  );
}

/** As many columns as balances (up to 3, or 2×2 for four): no empty cell next to the last currency. */
function balanceColumns(count: number): string {
  if (count <= 1) return "";
  if (count === 2) return "sm:grid-cols-2";
  if (count === 4) return "sm:grid-cols-2 lg:grid-cols-4";
  return count === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-3";
}

export function OverviewPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { mode, can } = useMerchant();
  // The browser's zone, so "today" and the chart's days are the merchant's days.
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const overview = useQuery(trpc.overview.get.queryOptions({ ...scope, timeZone }, { refetchInterval: 60_000 }));
  useLiveTransactions();
  const [picked, setPicked] = useState<string | null>(null);

  const header = (
    <PageHeader
      title={t("overview.title")}
      actions={
        can("developer") ? (
          <div className="flex flex-wrap gap-2">
            {mode === "test" ? <TopUpButton /> : null}
            <SendPayoutButton />
          </div>
        ) : null
      }
    />
  );
  if (overview.isPending) {
    return (
      <>
        {header}
        <Card>
          <CardBody>
            <LoadingState rows={5} />
          </CardBody>
        </Card>
      </>
    );
  }
  if (overview.isError) {
    return (
      <>
        {header}
        <Card>
          <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
        </Card>
      </>
    );
  }
  const { balances, activity, recent } = overview.data;
  const current = activity.find((a) => a.currency === picked) ?? activity[0];

  return (
    <>
      {header}
      <div className="space-y-6">
        <Card aria-labelledby="balances-title">
          <CardHeader id="balances-title" title={t("overview.balances")} />
          {balances.length === 0 ? (
            <EmptyState title={t("overview.noBalances")} body={mode === "test" ? t("overview.noBalancesTest") : undefined} />
          ) : (
            <ul className={`grid divide-y divide-slate-100 sm:divide-y-0 ${balanceColumns(balances.length)}`} data-testid="balances-grid">
              {balances.map((b) => (
                <li key={b.currency} className="px-4 py-4 sm:border-r sm:border-slate-100 sm:px-5 sm:last:border-r-0" data-testid={`balance-${b.currency}`}>
                  <p className="text-xs font-semibold text-slate-500">{b.currency}</p>
                  <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{formatMoney(b.available, b.currency, locale)}</p>
                  <p className="text-xs text-slate-500">{t("overview.available")}</p>
                  <p className="mt-2 text-sm tabular-nums text-slate-700">
                    {formatMoney(b.inFlight, b.currency, locale)} <span className="text-xs text-slate-500">· {t("overview.inFlight")}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card aria-labelledby="activity-title">
          <CardHeader
            id="activity-title"
            title={t("overview.chartTitle")}
            actions={
              activity.length > 1 ? (
                <label className="flex items-center gap-2 text-sm text-slate-600">
                  {t("overview.chartCurrency")}
                  <select value={current?.currency} onChange={(e) => setPicked(e.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
                    {activity.map((a) => (
                      <option key={a.currency}>{a.currency}</option>
                    ))}
                  </select>
                </label>
              ) : current ? (
                <span className="text-sm font-medium text-slate-500">{current.currency}</span>
              ) : null
            }
          />
          {!current ? (
            <EmptyState
              title={t("overview.noActivity")}
              body={t("overview.noActivityHint")}
              action={
                <Link href="/dashboard/developers" className={buttonClass("secondary")}>
                  {t("overview.goDevelopers")}
                </Link>
              }
            />
          ) : (
            <CardBody className="space-y-6">
              <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                <Stat label={`${t("overview.today")} · ${t("overview.volume")}`} value={formatMoney(current.today.volume, current.currency, locale)} sub={t("overview.count", { count: current.today.total })} />
                <Stat label={`${t("overview.today")} · ${t("overview.successRate")}`} value={formatPercent(current.today.successRate, locale)} sub={current.today.successRate === null ? t("overview.noRate") : undefined} />
                <Stat label={`${t("overview.last30")} · ${t("overview.volume")}`} value={formatMoney(current.last30Days.volume, current.currency, locale)} sub={t("overview.count", { count: current.last30Days.total })} />
                <Stat label={`${t("overview.last30")} · ${t("overview.successRate")}`} value={formatPercent(current.last30Days.successRate, locale)} sub={current.last30Days.successRate === null ? t("overview.noRate") : undefined} />
              </div>
              <ActivityChart points={current.daily} currency={current.currency} />
            </CardBody>
          )}
        </Card>

        <Card aria-labelledby="recent-title">
          <CardHeader
            id="recent-title"
            title={t("overview.recent")}
            actions={
              recent.length ? (
                <Link href="/dashboard/transactions" className="text-sm font-medium text-emerald-700 hover:underline">
                  {t("overview.viewAll")} →
                </Link>
              ) : null
            }
          />
          {recent.length === 0 ? <EmptyState title={t("overview.noActivity")} /> : <TransactionTable rows={recent} compact />}
        </Card>
      </div>
    </>
  );
}
