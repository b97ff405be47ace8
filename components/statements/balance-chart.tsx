"use client";

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";

/**
 * End-of-day available balance over the statement's period. The decimal text is read as a
 * number for drawing only; the tooltip shows the exact text, formatted.
 */
export function BalanceChart({ days, currency }: { days: Array<{ date: string; balance: string }>; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const data = days.map((d) => ({ ...d, value: Number(d.balance) }));
  const byDay = new Map(days.map((d) => [d.date, d]));
  return (
    <div className="h-64 w-full" role="img" aria-label={t("statements.chartTitle")}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d, locale)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} minTickGap={24} />
          <YAxis
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={(v: number) => new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { notation: "compact", maximumFractionDigits: 1 }).format(v)}
          />
          <Tooltip
            content={({ active, label }) => {
              const d = active && typeof label === "string" ? byDay.get(label) : undefined;
              if (!d) return null;
              return (
                <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
                  <p className="font-medium text-slate-900">{formatDay(d.date, locale)}</p>
                  <p className="text-slate-600">
                    {t("statements.endOfDay")}: <span className="font-medium text-slate-900">{formatMoney(d.balance, currency, locale)}</span>
                  </p>
                </div>
              );
            }}
          />
          <Area type="stepAfter" dataKey="value" stroke="#059669" strokeWidth={1.8} fill="#d1fae5" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
