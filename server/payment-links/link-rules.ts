import { findCountry, findCurrencyLimits, coverage, type CountryCoverage, type CurrencyLimits } from "../catalog/coverage";
import { fieldError } from "../errors";
import { toAmount, type Minor } from "../money";
import { processedAmount } from "../fees/amount-rules";
import { AppError } from "../errors";

/**
 * The catalogue checks a payment link and a checkout session share: the country is one of
 * the covered ones, the currency one of its currencies (may be left out where it has one),
 * amounts inside the country's limits (D2) so that every payment the page starts can
 * succeed as a payin.
 */
export function countryAndLimits(countryCode: string, currency: string | null | undefined): { country: CountryCoverage; limits: CurrencyLimits } {
  const country = findCountry(countryCode);
  if (!country) throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
  let limits: CurrencyLimits | undefined;
  if (currency) limits = findCurrencyLimits(country, currency);
  else if (country.currencies.length === 1) limits = country.currencies[0];
  else throw fieldError("currency", `The currency field is required when country_code is ${country.code}.`);
  if (!limits) throw fieldError("currency", `The currency field must be one of: ${country.currencies.map((c) => c.currency).join(", ")}.`);
  return { country, limits };
}

/** An amount a payin of this country can carry, as a 422 on `field` (not the payin's 400) when it cannot. */
export function amountWithinLimits(field: string, country: CountryCoverage, limits: CurrencyLimits, amount: Minor): Minor {
  try {
    return processedAmount(country, limits, amount);
  } catch (err) {
    if (err instanceof AppError && err.code === "amount_out_of_limits") {
      throw fieldError(field, `The ${field} field must be between ${toAmount(limits.min)} and ${toAmount(limits.max)} ${limits.currency} for ${country.code}.`);
    }
    if (err instanceof AppError && err.code === "validation_failed") throw fieldError(field, `The ${field} field must be a whole number for ${limits.currency}.`);
    throw err;
  }
}
