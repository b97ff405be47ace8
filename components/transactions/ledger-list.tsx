"use client";

import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/app-router";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import type { MessageKey } from "@/components/i18n/messages";

type Entry = inferRouterOutputs<AppRouter>["transactions"]["detail"]["ledger"][number];

/** The double-entry legs of a transaction, grouped by transfer, in words rather than codes. */
export function LedgerList({ entries }: { entries: Entry[] }) {
  const t = useT();
  const locale = useLocale();
  const transfers = [...new Set(entries.map((e) => e.transferId))];
  return (
    <ol className="divide-y divide-slate-100">
      {transfers.map((id) => {
        const legs = entries.filter((e) => e.transferId === id);
        return (
          <li key={id} className="px-4 py-3 sm:px-5">
            <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm font-medium text-slate-900">{t(`ledger.${legs[0].kind}` as MessageKey)}</span>
              <span className="text-xs text-slate-500">{formatDateTime(legs[0].at, locale)}</span>
            </div>
            <ul className="space-y-1">
              {legs.map((l) => (
                <li key={l.id} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="text-slate-600">{t(`ledger.${l.account}`)}</span>
                  <span className={l.amount.startsWith("-") ? "tabular-nums text-red-700" : "tabular-nums text-emerald-800"}>{formatMoney(l.amount, l.currency, locale, { sign: true })}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
