import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from "@/server/vocabulary";

/**
 * Transaction filters live in the URL (?status=…&from=2026-05-01…) so a filtered view
 * can be reloaded, shared and exported. Dates are the user's calendar days; they become
 * instants here, in the browser's zone: from = that day's local midnight, to = the
 * next day's (exclusive), so "to 2026-05-03" includes all of the 3rd.
 */
export interface UrlFilters {
  status?: TransactionStatus;
  type?: TransactionType;
  country?: string;
  network?: string;
  from?: string;
  to?: string;
  q?: string;
}

const STATUSES = TRANSACTION_STATUSES;
const TYPES = TRANSACTION_TYPES;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): UrlFilters {
  const get = (k: string) => params.get(k)?.trim() || undefined;
  const status = get("status");
  const type = get("type");
  const from = get("from");
  const to = get("to");
  return {
    status: STATUSES.find((s) => s === status),
    type: TYPES.find((s) => s === type),
    country: get("country")?.toUpperCase().slice(0, 2),
    network: get("network")?.toLowerCase().slice(0, 40),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    q: get("q")?.slice(0, 200),
  };
}

export function localMidnight(day: string, addDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + addDays);
}

export function toProcedureFilters(f: UrlFilters) {
  return {
    status: f.status,
    type: f.type,
    countryCode: f.country,
    network: f.network,
    createdFrom: f.from ? localMidnight(f.from) : undefined,
    createdBefore: f.to ? localMidnight(f.to, 1) : undefined,
    q: f.q,
  };
}

export function exportHref(f: UrlFilters, scope: { merchantId: string; mode: string }): string {
  const p = new URLSearchParams({ merchantId: scope.merchantId, mode: scope.mode });
  const pf = toProcedureFilters(f);
  for (const [k, v] of Object.entries(pf)) {
    if (v instanceof Date) p.set(k, v.toISOString());
    else if (v) p.set(k, v);
  }
  return `/dashboard/transactions/export?${p.toString()}`;
}

export function hasFilters(f: UrlFilters): boolean {
  return Object.values(f).some(Boolean);
}
