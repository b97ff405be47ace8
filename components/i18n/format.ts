import { currencyDecimals } from "@/server/money";
import type { Locale } from "./messages";

/**
 * Display formatting. Amounts arrive as decimal text ("1500", "25.5") and go to
 * Intl.NumberFormat as strings, which formats them exactly (no float rounding).
 * Currencies show their ISO minor unit (XOF none, KES two) unless the stored value
 * has more precision, which is then shown rather than rounded away.
 */
/** The currency's ISO minor unit: the server's own table (server/money.ts), one for both. */
export function currencyDigits(currency: string): number {
  return currencyDecimals(currency);
}

const intlLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

export function formatMoney(amount: string, currency: string, locale: Locale, opts: { sign?: boolean } = {}): string {
  const digits = currencyDigits(currency);
  const frac = amount.split(".")[1]?.length ?? 0;
  const fmt = new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, frac),
    signDisplay: opts.sign ? "exceptZero" : "auto",
  });
  // Intl accepts decimal strings and formats them exactly; the cast only satisfies older lib types.
  // One minus sign everywhere (statements, transactions, refunds): the typographic U+2212,
  // where Intl writes a hyphen-minus.
  return fmt.format(amount as unknown as number).replace("-", MINUS);
}

export const MINUS = "\u2212";

export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(n);
}

export function formatPercent(ratio: number | null, locale: Locale): string {
  if (ratio === null) return "—";
  return new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1 }).format(ratio);
}

export function formatDateTime(d: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(d));
}

export function formatTime(d: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(new Date(d));
}

export function formatDate(d: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium" }).format(new Date(d));
}

/** "2026-05-04" → "4 May" / "4 mai" (chart axis), read as a calendar day, not an instant. */
export function formatDay(day: string, locale: Locale): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(intlLocale(locale), { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
