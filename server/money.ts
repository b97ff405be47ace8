import type { Transaction } from "./db/schema";

/**
 * Money is integer hundredths ("minor" here means hundredths of the currency unit,
 * whatever the currency's ISO minor unit) held as bigint. No float arithmetic:
 * amounts come in as JSON numbers, are read through their decimal text, and go out
 * through decimal text again.
 */
export type Minor = bigint;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * Reads a JSON number (or numeric string) as hundredths. Returns null when it has
 * more than 2 decimals, is not finite, or is not a number at all.
 */
export function toMinor(value: number | string): Minor | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, intPart, fracPart = "", expPart] = m;
  let digits = intPart + fracPart;
  let scale = fracPart.length - (expPart ? Number(expPart) : 0); // digits after the point
  if (scale < 0) {
    digits += "0".repeat(-scale);
    scale = 0;
  }
  // Trailing zeros after the point do not count as decimals (1.50 is fine).
  while (scale > 2 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    scale--;
  }
  if (scale > 2) return null;
  const minor = BigInt(digits) * 10n ** BigInt(2 - scale);
  return sign ? -minor : minor;
}

/** Hundredths as decimal text: 2513n -> "25.13", 100500n -> "1005". */
export function toDecimalString(minor: Minor): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = abs % 100n;
  const frac = cents === 0n ? "" : "." + cents.toString().padStart(2, "0").replace(/0$/, "");
  return `${negative ? "-" : ""}${whole}${frac}`;
}

/** Hundredths as the JSON number the contract shows: 2513n -> 25.13, exactly as stored. */
export function toAmount(minor: Minor): number {
  return Number(toDecimalString(minor));
}

/** Rounds to the nearest multiple of `step` hundredths, half up (D2). */
export function roundToStep(minor: Minor, step: Minor): Minor {
  if (minor < 0n) return -roundToStep(-minor, step);
  return ((minor + step / 2n) / step) * step;
}

/** Smallest multiple of `unit` that is >= minor (fees round up to the currency's minor unit). */
export function ceilToUnit(minor: Minor, unit: Minor): Minor {
  if (unit <= 1n) return minor;
  const r = minor % unit;
  return r === 0n ? minor : minor + (unit - r);
}

/**
 * The currencies we serve whose ISO 4217 minor unit is 0: no cents exist, amounts are
 * whole units, and operators are sent whole units. Every other one has 2 (ISO 4217:
 * KES, TZS, GMD, GHS, ZMW… have cents). The one list: connectors ask `isWholeUnitCurrency`.
 * Issue 26: the Airtel set had TZS and the Wave set GMD, so 1,000.50 TZS or 100.50 GMD
 * would have been refused or rounded at the operator; both are 2-decimal in ISO 4217.
 */
export const WHOLE_UNIT_CURRENCIES = ["XOF", "XAF", "GNF", "UGX", "RWF"] as const;
const wholeUnit = new Set<string>(WHOLE_UNIT_CURRENCIES);

export const isWholeUnitCurrency = (currency: string): boolean => wholeUnit.has(currency.toUpperCase());

export function currencyDecimals(currency: string): number {
  return isWholeUnitCurrency(currency) ? 0 : 2;
}

/** The currency's smallest unit in hundredths: 100n for XOF, 1n for KES. */
export function currencyUnitMinor(currency: string): Minor {
  return currencyDecimals(currency) === 0 ? 100n : 1n;
}

/** False for a fraction of a zero-decimal currency (1.50 XOF): the currency cannot carry it. */
export function fitsCurrency(amount: Minor, currency: string): boolean {
  return amount % currencyUnitMinor(currency) === 0n;
}

/** fee = amount x bps / 10000 + fixed, rounded UP to the currency's unit (D3). */
export function computeFee(amount: Minor, rateBps: number, fixed: Minor, currency: string): Minor {
  const numerator = amount * BigInt(rateBps);
  const variable = numerator / 10_000n + (numerator % 10_000n === 0n ? 0n : 1n);
  return ceilToUnit(variable + fixed, currencyUnitMinor(currency));
}

/**
 * The fields every transaction shape opens with (2.2, 2.3 and the webhook body of 2.4).
 * Here, below both payments (API views) and webhooks (the notification body), so neither
 * reaches into the other for it.
 */
/** The columns transactionAmounts reads (callers that fetch only what a view needs use them). */
export type AmountColumns = Pick<Transaction, "id" | "amount" | "fee" | "chargedAmount" | "currency" | "orderId" | "status">;

export function transactionAmounts(t: AmountColumns) {
  return {
    transaction_id: t.id,
    amount: toAmount(t.amount),
    fee: toAmount(t.fee),
    charged_amount: toAmount(t.chargedAmount),
    currency: t.currency,
    order_id: t.orderId,
    status: t.status,
  };
}
