"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrors } from "@/components/trpc/errors";
import { buttonClass } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { CurrencyOptions } from "@/components/ui/choices";
import { DateSelect } from "@/components/ui/date-select";
import { Field, Select } from "@/components/ui/field";
import { DownloadIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { BalanceChart } from "./balance-chart";
import { ownCurrency } from "./own-currency";

const KNOWN = ["payin", "payout", "payout_reversal", "refund", "refund_reversal", "credit", "settlement", "settlement_reversal"] as const;
type MovementType = (typeof KNOWN)[number];
const MOVEMENT_TYPES = new Set<string>(KNOWN);
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums [overflow-wrap:anywhere] text-slate-900 sm:text-xl" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Statements (D16): currency and period (UTC days, at most 92), opening/closing, daily balance, movements, CSV. */
export function StatementsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  // A Nairobi merchant opens on KES, not on an empty XOF statement; the currency picked in the
  // select (null until then) wins over the wallets, so their arrival never undoes a choice.
  const wallets = useQuery(trpc.balances.list.queryOptions(scope));
  const [period, setPeriod] = useState(() => ({ currency: null as string | null, from: isoDay(Date.now() - 29 * DAY), to: isoDay(Date.now()) }));
  const currency = period.currency ?? (wallets.isPending ? null : ownCurrency(wallets.data));
  const input = { ...scope, ...period, currency: currency ?? "XOF" };
  const statement = useQuery(trpc.statements.get.queryOptions(input, { retry: false, enabled: currency !== null }));
  const errors = statement.isError ? fieldErrors(statement.error, locale) : {};
  const m = (v: string, sign = false) => formatMoney(v, input.currency, locale, { sign });
  const typeName = (type: string) => (MOVEMENT_TYPES.has(type) ? t(`statements.types.${type as MovementType}`) : type);
  const amountTone = (amount: string) => (amount.startsWith("-") ? "text-slate-900" : "text-emerald-700");
  const reference = (mv: { transactionId: string | null; orderId: string | null }) =>
    mv.transactionId ? (
      <Link href={`/dashboard/transactions/${mv.transactionId}`} className="font-mono text-xs text-emerald-700 hover:underline">
        {mv.orderId ?? mv.transactionId}
      </Link>
    ) : (
      <span className="text-slate-400">{t("common.none")}</span>
    );
  const csvHref = `/dashboard/statements/export?${new URLSearchParams(input).toString()}`;

  return (
    <>
      <PageHeader
        title={t("statements.title")}
        description={t("statements.description")}
        actions={
          <a href={csvHref} download className={buttonClass("secondary")} data-testid="statement-csv">
            <DownloadIcon className="h-4 w-4" />
            {t("statements.downloadCsv")}
          </a>
        }
      />
      <Card>
        <CardBody>
          {/* The days as day / month / year selects in the page's language (the browser's date input showed mm/dd/yyyy on a French page); each needs about 19rem, so they share a row from md and sit beside the currency from xl. */}
          <form className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-[8rem_1fr_1fr]" onSubmit={(e) => e.preventDefault()} aria-label={t("statements.period")}>
            <Field label={t("statements.currency")} error={errors.currency} className="md:col-span-2 md:w-32 xl:col-span-1 xl:w-auto">
              {(p) => (
                <Select {...p} name="currency" value={currency ?? ""} onChange={(e) => setPeriod((s) => ({ ...s, currency: e.target.value }))}>
                  <CurrencyOptions />
                </Select>
              )}
            </Field>
            {/* A partly chosen day is not a period: the last whole one stays (the date input ignored a cleared value the same way). */}
            <DateSelect label={t("statements.from")} value={period.from} max={period.to} onChange={(from) => from && setPeriod((s) => ({ ...s, from }))} error={errors.from} testId="statement-from" />
            <DateSelect label={t("statements.to")} value={period.to} min={period.from} onChange={(to) => to && setPeriod((s) => ({ ...s, to }))} error={errors.to} testId="statement-to" />
          </form>
          <p className="mt-2 text-xs text-slate-500">{t("statements.hint")}</p>
        </CardBody>
      </Card>

      {statement.isPending ? (
        <Card className="mt-6">
          <CardBody>
            <LoadingState rows={5} />
          </CardBody>
        </Card>
      ) : statement.isError ? (
        <Card className="mt-6">
          {Object.keys(errors).length ? <EmptyState title={t("statements.invalidPeriod")} body={Object.values(errors).join(" ")} /> : <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />}
        </Card>
      ) : (
        <>
          <Card className="mt-6" aria-labelledby="balances-title">
            <CardHeader id="balances-title" title={t("statements.balances")} />
            <CardBody>
              <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
                <Figure label={t("statements.opening")} value={m(statement.data.opening)} testId="statement-opening" />
                <Figure label={t("statements.credits")} value={m(statement.data.totalCredits, true)} testId="statement-credits" />
                <Figure label={t("statements.debits")} value={m(statement.data.totalDebits, true)} testId="statement-debits" />
                <Figure label={t("statements.closing")} value={m(statement.data.closing)} testId="statement-closing" />
              </div>
              <div className="mt-6">
                <BalanceChart days={statement.data.days} currency={statement.data.currency} />
              </div>
            </CardBody>
          </Card>
          <Card className="mt-6" aria-labelledby="movements-title">
            <CardHeader id="movements-title" title={t("statements.movements", { count: statement.data.movements.length })} />
            {statement.data.movements.length === 0 ? (
              <EmptyState title={t("statements.noMovements")} />
            ) : (
              <ResponsiveTable
                from="lg"
                label={t("statements.movementsLabel")}
                items={[...statement.data.movements].reverse()}
                card={(mv) => (
                  <li key={mv.entryId} className="px-4 py-3" data-testid="statement-movement-mobile" data-transaction-id={mv.transactionId ?? undefined}>
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0 text-sm font-medium text-slate-900">{typeName(mv.type)}</span>
                      <span className={`shrink-0 text-sm font-medium tabular-nums ${amountTone(mv.amount)}`}>{m(mv.amount, true)}</span>
                    </div>
                    <div className="mt-1 flex items-baseline justify-between gap-3 text-xs text-slate-500">
                      <span className="min-w-0 truncate">{reference(mv)}</span>
                      <span className="shrink-0 tabular-nums">
                        {t("statements.balanceAfter")} {m(mv.balanceAfter)}
                      </span>
                    </div>
                    <div className="mt-0.5 flex items-baseline justify-between gap-3 text-xs text-slate-500">
                      <span>{formatDateTime(mv.time, locale)}</span>
                      {mv.fee === "0" ? null : (
                        <span className="shrink-0 tabular-nums">
                          {t("statements.fee")} {m(mv.fee, true)}
                        </span>
                      )}
                    </div>
                  </li>
                )}
                head={
                  <>
                    <Th>{t("statements.time")}</Th>
                    <Th>{t("statements.type")}</Th>
                    <Th>{t("statements.transaction")}</Th>
                    <Th className="text-right">{t("statements.amount")}</Th>
                    <Th className="text-right">{t("statements.fee")}</Th>
                    <Th className="text-right">{t("statements.balanceAfter")}</Th>
                  </>
                }
                row={(mv) => (
                  <tr key={mv.entryId} data-testid="statement-movement" data-transaction-id={mv.transactionId ?? undefined}>
                    <Td className="whitespace-normal">{formatDateTime(mv.time, locale)}</Td>
                    <Td className="whitespace-normal">{typeName(mv.type)}</Td>
                    <Td>
                      <span className="block max-w-[14rem] truncate">{reference(mv)}</span>
                    </Td>
                    <Td className={`text-right tabular-nums ${amountTone(mv.amount)}`}>{m(mv.amount, true)}</Td>
                    <Td className="text-right tabular-nums text-slate-500">{mv.fee === "0" ? "—" : m(mv.fee, true)}</Td>
                    <Td className="text-right font-medium tabular-nums">{m(mv.balanceAfter)}</Td>
                  </tr>
                )}
              />
            )}
          </Card>
        </>
      )}
    </>
  );
}
