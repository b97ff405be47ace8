import type { CountryCoverage, CurrencyLimits } from "../catalog/coverage";
import { errors } from "../errors";
import { roundToStep, toAmount, type Minor } from "../money";

/** 5 units, in hundredths. */
const FIVE_UNITS: Minor = 500n;

/**
 * The processed amount (D2): rounded to the nearest multiple of 5, half up, in the
 * countries that process that way, unchanged elsewhere; then held to the country and
 * currency limits (interface 8.4). Payin and payout alike.
 */
export function processedAmount(country: CountryCoverage, limits: CurrencyLimits, requested: Minor): Minor {
  const amount = country.roundsToFive ? roundToStep(requested, FIVE_UNITS) : requested;
  if (amount < limits.min || amount > limits.max) {
    throw errors.amountOutOfLimits(
      { amount: toAmount(amount), min_amount: toAmount(limits.min), max_amount: toAmount(limits.max), currency: limits.currency },
      country.code,
    );
  }
  return amount;
}
