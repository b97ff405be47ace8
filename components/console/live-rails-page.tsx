"use client";

import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { DirectionRoutes } from "./live-routes";

/** Live rails (D15, D19): per pair and direction its routes, their state and the one taking new transactions; transactions needing attention. */
export function LiveRailsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const rails = useQuery({ ...trpc.operator.liveRails.queryOptions(), refetchInterval: 5000 });
  const time = (d: Date | null) => (d ? new Date(d).toLocaleString(locale) : "—");
  return (
    <div className="space-y-6">
      <PageHeader title={t("console.liveRails")} />
      <QueryBoundary query={rails} rows={8}>
        {(data) => (
          <>
            <Card>
              <Table label={t("console.liveNetworks")}>
                <thead>
                  <tr>
                    <Th>{t("liveRoutes.pair")}</Th>
                    <Th>{t("console.liveIn")}</Th>
                    <Th>{t("console.liveOut")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {data.networks.map((n) => (
                    <tr key={`${n.countryCode}:${n.network}`} data-pair={`${n.countryCode}:${n.network}`} className="align-top">
                      <Td>
                        <div className="font-medium text-slate-900">{n.networkName}</div>
                        <div className="text-xs text-slate-500">
                          {n.countryCode} · {n.network}
                        </div>
                      </Td>
                      <Td>
                        <DirectionRoutes current={n.payin.current} routes={n.payin.routes} />
                      </Td>
                      <Td>
                        <DirectionRoutes current={n.payout.current} routes={n.payout.routes} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
            <Card>
              <h2 className="px-4 pt-4 text-sm font-semibold text-slate-900">{t("console.needsAttention")}</h2>
              {data.needsAttention.length === 0 ? (
                <EmptyState title={t("console.nothingNeedsAttention")} />
              ) : (
                <Table label={t("console.needsAttention")}>
                  <thead>
                    <tr>
                      <Th>{t("console.transaction")}</Th>
                      <Th>{t("console.merchants")}</Th>
                      <Th>{t("transactions.network")}</Th>
                      <Th className="text-right">{t("console.amount")}</Th>
                      <Th>{t("console.operatorRef")}</Th>
                      <Th>{t("console.lastErrors")}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.needsAttention.map((x) => (
                      <tr key={x.id}>
                        <Td className="font-mono text-xs">
                          {x.id}
                          <div className="text-slate-500">{time(x.createdAt)}</div>
                        </Td>
                        <Td>{x.merchantName}</Td>
                        <Td className="capitalize">
                          {x.network} {x.countryCode}
                          {x.route && <div className="text-xs normal-case text-slate-500">{t("liveRoutes.via", { route: x.route })}</div>}
                        </Td>
                        <Td className="text-right tabular-nums">{formatMoney(x.amount, x.currency, locale)}</Td>
                        <Td className="font-mono text-xs">{x.connectorRef ?? x.operatorHandle ?? "—"}</Td>
                        <Td className="text-xs text-slate-600">{x.lastOperatorError ?? "—"}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </Card>
          </>
        )}
      </QueryBoundary>
    </div>
  );
}
