"use client";

import { useLocale, useT } from "@/components/i18n/provider";
import { Badge } from "@/components/ui/badge";
import type { RouteState } from "@/server/connectors/routes";

/**
 * One direction of a pair on the live rails page: its routes in order and the one new
 * transactions take now (D19). The server's RouteState as the tRPC answer carries it.
 */
export type RouteView = Omit<RouteState, "lastSuccessAt">;

export function DirectionRoutes({ current, routes }: { current: string | null; routes: RouteView[] }) {
  const t = useT();
  const locale = useLocale();
  if (routes.length === 0) return <span className="text-xs text-slate-500">{t("liveRoutes.noRoute")}</span>;
  return (
    <ol className="space-y-2" data-testid="routes">
      {routes.map((r, i) => (
        <li key={r.route} className="text-xs" data-route={r.route} data-current={current === r.route ? "true" : "false"}>
          <div className="flex flex-wrap items-center gap-1">
            <span className="text-slate-500">{i + 1}.</span>
            <span className="font-medium text-slate-900">{r.label}</span>
            <span className="text-slate-500">({t(r.kind === "direct" ? "liveRoutes.direct" : "liveRoutes.aggregator")})</span>
            {current === r.route && <Badge tone="blue">{t("liveRoutes.takesNew")}</Badge>}
            {!r.configured ? (
              <Badge>{t("liveRoutes.notConfigured")}</Badge>
            ) : (
              <Badge tone={r.breaker === "closed" ? "green" : r.breaker === "open" ? "red" : "amber"}>{t(`liveRoutes.breaker_${r.breaker}`)}</Badge>
            )}
          </div>
          {r.configured && (
            <div className="mt-0.5 text-slate-600">
              {r.calls === 0
                ? t("liveRoutes.noCalls")
                : t("liveRoutes.stats", {
                    calls: r.calls,
                    rate: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(r.successRate ?? 0),
                    p95: r.p95Ms ?? 0,
                  })}
              {r.consecutiveFailures > 0 && ` · ${t("liveRoutes.failuresInRow", { count: r.consecutiveFailures })}`}
            </div>
          )}
          {r.lastErrors.slice(0, 2).map((e, j) => (
            <div key={j} className="mt-0.5 break-words text-red-700">
              {new Date(e.at).toLocaleTimeString(locale)} · {e.message}
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
