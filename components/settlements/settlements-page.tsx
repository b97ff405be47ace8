"use client";

import { useQuery } from "@tanstack/react-query";
import { countryName, formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Badge, type Tone } from "@/components/ui/badge";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { AddBankAccountButton } from "./bank-account-dialog";
import { RequestSettlementButton } from "./request-settlement-dialog";
import { ScheduleCard } from "./schedule-card";

const TONE: Record<string, Tone> = { pending: "amber", verified: "green", paid: "green", rejected: "red" };

/** Settlements to the bank (issue 21): bank accounts, requests, the automatic schedule and the history. */
export function SettlementsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const overview = useQuery(trpc.settlements.overview.queryOptions(scope, { refetchInterval: 10_000 }));
  const owner = can("owner");

  return (
    <QueryBoundary query={overview}>
      {(data) => {
        const verified = data.accounts.filter((a) => a.status === "verified");
        return (
          <>
            <PageHeader title={t("settlements.title")} description={owner ? t("settlements.description") : t("settlements.ownerOnly")} actions={owner ? <RequestSettlementButton accounts={verified} balances={data.balances} /> : null} />
            {owner && !verified.length ? <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("settlements.noVerified")}</p> : null}
            <div className="space-y-6">
              <Card>
                <CardHeader title={t("settlements.accounts")} actions={owner ? <AddBankAccountButton /> : null} />
                {data.accounts.length === 0 ? (
                  <EmptyState title={t("settlements.noAccounts")} />
                ) : (
                  <ul className="divide-y divide-slate-100" data-testid="bank-accounts">
                    {data.accounts.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-5">
                        <span className="min-w-0">
                          <span className="block text-sm font-medium text-slate-900">{a.bankName}</span>
                          <span className="block text-xs text-slate-500">
                            {a.holderName} · {a.accountNumber} · {countryName(a.countryCode, locale)} · {a.currency}
                          </span>
                          {a.rejectionReason ? <span className="block text-xs text-red-700">{a.rejectionReason}</span> : null}
                        </span>
                        <Badge tone={TONE[a.status]}>{t(`settlements.accountStatus.${a.status}`)}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              {verified.length ? <ScheduleCard accounts={verified} schedules={data.schedules} canEdit={owner} /> : null}
              <Card>
                <CardHeader title={t("settlements.history")} />
                {data.settlements.length === 0 ? (
                  <EmptyState title={t("settlements.none")} />
                ) : (
                  <ResponsiveTable
                    label={t("settlements.history")}
                    items={data.settlements}
                    card={(s) => (
                      <li key={s.id} className="space-y-1 px-4 py-3">
                        <div className="flex items-center justify-between gap-2">
                          <span className="text-sm font-medium tabular-nums text-slate-900">{formatMoney(s.amount, s.currency, locale)}</span>
                          <Badge tone={TONE[s.status]}>{t(`settlements.status.${s.status}`)}</Badge>
                        </div>
                        <p className="text-xs text-slate-500">
                          {formatDateTime(s.createdAt, locale)} · {s.bankName} {s.accountNumber}
                        </p>
                        {s.bankReference || s.rejectionReason ? <p className="text-xs text-slate-600">{s.bankReference ?? s.rejectionReason}</p> : null}
                      </li>
                    )}
                    head={
                      <>
                        <Th>{t("settlements.date")}</Th>
                        <Th>{t("settlements.account")}</Th>
                        <Th className="text-right">{t("settlements.amount")}</Th>
                        <Th className="text-right">{t("settlements.fee")}</Th>
                        <Th>{t("transactions.status")}</Th>
                        <Th>{t("settlements.bankReference")}</Th>
                      </>
                    }
                    row={(s) => (
                      <tr key={s.id} data-testid={`settlement-${s.id}`}>
                        <Td>
                          <span className="block">{formatDateTime(s.createdAt, locale)}</span>
                          <span className="block font-mono text-xs text-slate-500">{s.id} · {t(`settlements.source.${s.source as "api"}`)}</span>
                        </Td>
                        <Td>
                          {s.bankName} {s.accountNumber}
                        </Td>
                        <Td className="text-right tabular-nums">{formatMoney(s.amount, s.currency, locale)}</Td>
                        <Td className="text-right tabular-nums">{formatMoney(s.fee, s.currency, locale)}</Td>
                        <Td>
                          <Badge tone={TONE[s.status]}>{t(`settlements.status.${s.status}`)}</Badge>
                        </Td>
                        <Td className="whitespace-normal">{s.bankReference ?? s.rejectionReason ?? "—"}</Td>
                      </tr>
                    )}
                  />
                )}
              </Card>
            </div>
          </>
        );
      }}
    </QueryBoundary>
  );
}
