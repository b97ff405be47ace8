import { cx } from "@/components/ui/cx";

/** The status page's vocabulary, shared by its server-rendered parts. */
export type Availability = "up" | "degraded" | "down";
export type T = (key: string, vars?: Record<string, string | number>) => string;
export interface HourView {
  hour: string;
  state: Availability;
  upRatio: number;
}

export const stateDot: Record<Availability, string> = { up: "bg-emerald-500", degraded: "bg-amber-500", down: "bg-red-600" };
const stateText: Record<Availability, string> = { up: "text-emerald-800", degraded: "text-amber-800", down: "text-red-700" };
const segment: Record<Availability | "none", string> = { up: "bg-emerald-500", degraded: "bg-amber-400", down: "bg-red-600", none: "bg-slate-200" };

/** "Up" with its colour dot (colour is never the only sign: the word is always there). */
export function StatePill({ state, t }: { state: Availability; t: T }) {
  return (
    <span className={cx("inline-flex items-center gap-1.5 text-sm font-medium", stateText[state])} data-state={state}>
      <span aria-hidden className={cx("h-2.5 w-2.5 rounded-full", stateDot[state])} />
      {t(`statusPage.state.${state}`)}
    </span>
  );
}

/** 24 hourly segments, oldest first; a title per segment, one spoken summary for the whole bar. */
export function AvailabilityBar({ hours, label, t, formatHour }: { hours: Array<HourView | null>; label: string; t: T; formatHour: (iso: string) => string }) {
  const count = { up: 0, degraded: 0, down: 0, none: 0 };
  for (const h of hours) count[h ? h.state : "none"]++;
  return (
    <div role="img" aria-label={t("statusPage.barLabel", { direction: label, ...count })} className="flex h-5 gap-px" data-testid="availability-bar">
      {hours.map((h, i) => (
        <span
          key={i}
          title={h ? `${formatHour(h.hour)} · ${t(`statusPage.state.${h.state}`)} (${Math.round(h.upRatio * 100)} %)` : t("statusPage.noData")}
          className={cx("flex-1 first:rounded-l last:rounded-r", segment[h ? h.state : "none"])}
        />
      ))}
    </div>
  );
}

/** What the colours of the bars say, once for the page. */
export function BarLegend({ t }: { t: T }) {
  const items: Array<[keyof typeof segment, string]> = [
    ["up", t("statusPage.state.up")],
    ["degraded", t("statusPage.state.degraded")],
    ["down", t("statusPage.state.down")],
    ["none", t("statusPage.noData")],
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
      <span>{t("statusPage.barHint")}</span>
      {items.map(([k, word]) => (
        <span key={k} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={cx("h-3 w-3 rounded-sm", segment[k])} />
          {word}
        </span>
      ))}
    </div>
  );
}
