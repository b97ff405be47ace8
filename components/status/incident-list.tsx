import { Badge } from "@/components/ui/badge";
import type { IncidentView } from "@/server/status/overview";
import type { T } from "./availability-bar";

export type IncidentItem = Pick<IncidentView, "id" | "title" | "impact" | "status" | "affected" | "createdAt" | "resolvedAt" | "updates">;

/** Incidents with their updates, newest first; `pairName` turns `KE:safaricom` into words. */
export function IncidentList({ incidents, t, when, pairName }: { incidents: IncidentItem[]; t: T; when: (iso: string) => string; pairName: (pair: string) => string }) {
  return (
    <ul className="space-y-4">
      {incidents.map((i) => (
        <li key={i.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="incident">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{i.title}</h3>
            <Badge tone={i.resolvedAt ? "green" : i.impact === "down" ? "red" : "amber"}>{i.resolvedAt ? t("statusPage.incidentStatus.resolved") : t(`statusPage.impact.${i.impact}`)}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {t("statusPage.affected", { list: i.affected.map(pairName).join(", ") })}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            {t("statusPage.started", { when: when(i.createdAt) })}
            {i.resolvedAt ? ` · ${t("statusPage.resolvedAt", { when: when(i.resolvedAt) })}` : ""}
          </p>
          <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-3">
            {i.updates.map((u, k) => (
              <li key={k} className="text-sm">
                <span className="font-medium text-slate-900">{t(`statusPage.incidentStatus.${u.status}`)}</span>
                <span className="text-slate-500"> · {when(u.createdAt)}</span>
                <p className="whitespace-pre-line text-slate-700">{u.message}</p>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
