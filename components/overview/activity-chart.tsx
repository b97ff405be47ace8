"use client";

import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay, formatMoney, formatPercent } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";

interface Point {
  day: string;
  volume: string;
  successful: number;
  finished: number;
  total: number;
}

/**
 * Daily volume (bars) and success rate (line) for one currency. Bar heights need
 * numbers, so the decimal text is read as a number for drawing only; every figure a
 * person reads (axis, tooltip) is formatted from the exact text.
 */
export function ActivityChart({ points, currency }: { points: Point[]; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const data = points.map((p) => ({
    ...p,
    volumeValue: Number(p.volume),
    rate: p.finished ? Math.round((p.successful / p.finished) * 1000) / 10 : null,
  }));
  const byDay = new Map(points.map((p) => [p.day, p]));
  return (
    <div className="h-64 w-full" role="img" aria-label={t("overview.chartTitle")}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={(d: string) => formatDay(d, locale)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} minTickGap={24} />
          <YAxis
            yAxisId="volume"
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={72}
            tickFormatter={(v: number) => new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { notation: "compact", maximumFractionDigits: 1 }).format(v)}
          />
          <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={40} tickFormatter={(v: number) => `${v}%`} />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            content={({ active, label }) => {
              const p = active && typeof label === "string" ? byDay.get(label) : undefined;
              if (!p) return null;
              return (
                <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
                  <p className="font-medium text-slate-900">{formatDay(p.day, locale)}</p>
                  <p className="text-slate-600">
                    {t("overview.volume")}: <span className="font-medium text-slate-900">{formatMoney(p.volume, currency, locale)}</span>
                  </p>
                  <p className="text-slate-600">
                    {t("overview.successRate")}: <span className="font-medium text-slate-900">{formatPercent(p.finished ? p.successful / p.finished : null, locale)}</span>
                  </p>
                  <p className="text-slate-500">{t("overview.count", { count: p.total })}</p>
                </div>
              );
            }}
          />
          <Bar yAxisId="volume" dataKey="volumeValue" fill="#10b981" radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
          <Line yAxisId="rate" dataKey="rate" stroke="#0f172a" strokeWidth={1.5} dot={{ r: 2.5, fill: "#0f172a" }} connectNulls isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
