import type { CountryCoverage, CurrencyLimits } from "../catalog/coverage";
import { errors, fieldError } from "../errors";
import { fitsCurrency, roundToStep, toAmount, type Minor } from "../money";

/**
 * D14: a zero-decimal currency (XOF, XAF, GNF, UGX, RWF) has no fractions: an amount with
 * cents in one is a 422 on `field`, never truncated. Every way money enters a wallet or
 * leaves it holds to this (payins, payouts, settlements, credits), or a wallet keeps a
 * 0.50 XOF that no payout can ever take out.
 */
export function requireWholeUnits(field: string, amount: Minor, currency: string): void {
  if (!fitsCurrency(amount, currency)) throw fieldError(field, `The ${field} field must be a whole number for ${currency}.`);
}

/** 5 units, in hundredths. */
const FIVE_UNITS: Minor = 500n;

/**
 * The processed amount (D2): rounded to the nearest multiple of 5, half up, in the
 * countries that process that way, unchanged elsewhere (a fraction of a zero-decimal
 * currency there is a 422, D14); then held to the country and
 * currency limits (interface 8.4). Payin and payout alike.
 */
export function processedAmount(country: CountryCoverage, limits: CurrencyLimits, requested: Minor): Minor {
  // Where no rounding to 5 makes the amount whole, a fraction of a zero-decimal currency is refused.
  if (!country.roundsToFive) requireWholeUnits("amount", requested, limits.currency);
  const amount = country.roundsToFive ? roundToStep(requested, FIVE_UNITS) : requested;
  if (amount < limits.min || amount > limits.max) {
    throw errors.amountOutOfLimits(
      { amount: toAmount(amount), min_amount: toAmount(limits.min), max_amount: toAmount(limits.max), currency: limits.currency },
      country.code,
    );
  }
  return amount;
}
