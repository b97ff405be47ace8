import type { CountryCoverage, CurrencyLimits } from "../catalog/coverage";
import { errors, fieldError } from "../errors";
import { currencyDecimals, roundToStep, toAmount, type Minor } from "../money";

/** 5 units, in hundredths. */
const FIVE_UNITS: Minor = 500n;

/**
 * The processed amount (D2): rounded to the nearest multiple of 5, half up, in the
 * countries that process that way, unchanged elsewhere (a fraction of a zero-decimal
 * currency there is a 422, D14); then held to the country and
 * currency limits (interface 8.4). Payin and payout alike.
 */
export function processedAmount(country: CountryCoverage, limits: CurrencyLimits, requested: Minor): Minor {
  // D14: a zero-decimal currency (XOF, XAF, GNF, UGX, RWF) has no fractions to charge; where
  // no rounding to 5 makes the amount whole, a fractional request is refused, never truncated.
  if (!country.roundsToFive && currencyDecimals(limits.currency) === 0 && requested % 100n !== 0n) {
    throw fieldError("amount", `The amount field must be a whole number for ${limits.currency}.`);
  }
  const amount = country.roundsToFive ? roundToStep(requested, FIVE_UNITS) : requested;
  if (amount < limits.min || amount > limits.max) {
    throw errors.amountOutOfLimits(
      { amount: toAmount(amount), min_amount: toAmount(limits.min), max_amount: toAmount(limits.max), currency: limits.currency },
      country.code,
    );
  }
  return amount;
}
