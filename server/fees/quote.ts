import type { DbOrTx } from "../db/client";
import { acceptedNetworkNames, coverage, findCountry, findCurrencyLimits, findNetwork } from "../catalog/coverage";
import type { CountryCoverage, CurrencyLimits } from "../catalog/coverage";
import { fieldError } from "../errors";
import { computeFee, toAmount, type Minor } from "../money";
import { processedAmount } from "./amount-rules";
import { ANY_NETWORK, getFeeRule, type EffectiveFeeRule, type FeeDirection } from "./schedule";
import type { z } from "../zod";
import type { feeQuoteSchema } from "./quote.contract";

/**
 * What a payment costs (D3): processed amount (rounding and limits, D2), the fee of the
 * schedule rounded up to the currency's unit, and charged = amount + fee exactly.
 * Creation and the quote endpoint both go through here, so a quote is what creation does.
 */
export interface PriceInput {
  direction: FeeDirection;
  country: CountryCoverage;
  limits: CurrencyLimits;
  /** Canonical network id, or '*' for the country default. */
  network: string;
  requested: Minor;
}

export interface Price {
  requestedAmount: Minor;
  amount: Minor;
  fee: Minor;
  chargedAmount: Minor;
  currency: string;
  rule: EffectiveFeeRule;
}

export async function priceTransaction(db: DbOrTx, input: PriceInput): Promise<Price> {
  processedAmount(input.country, input.limits, input.requested); // limits (400) before any query
  const rule = await getFeeRule(db, { direction: input.direction, countryCode: input.country.code, network: input.network, currency: input.limits.currency });
  return priceWithRule(input, rule);
}

/** The same price with the fee rule already in hand (bulk payouts look each rule up once per batch). */
export function priceWithRule(input: Omit<PriceInput, "direction">, rule: EffectiveFeeRule): Price {
  const amount = processedAmount(input.country, input.limits, input.requested);
  const currency = input.limits.currency;
  const fee = computeFee(amount, rule.rateBps, rule.fixedAmount, currency);
  return { requestedAmount: input.requested, amount, fee, chargedAmount: amount + fee, currency, rule };
}

export interface FeeQuoteInput {
  direction: FeeDirection;
  countryCode: string;
  network?: string | null;
  currency?: string | null;
  amount: Minor;
}

/** Derived from the contract's response schema (server/fees/quote.contract.ts), so the two cannot drift. */
export type FeeQuote = z.output<typeof feeQuoteSchema>;

/** GET /api/v1/merchant/fees: the quote without creating anything. */
export async function quoteFee(db: DbOrTx, input: FeeQuoteInput): Promise<FeeQuote> {
  const country = findCountry(input.countryCode);
  if (!country) throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
  let network = ANY_NETWORK;
  if (input.network) {
    const found = findNetwork(country, input.network);
    if (!found) throw fieldError("network", `The network field must be one of: ${acceptedNetworkNames(country).join(", ")}.`);
    network = found.id;
  }
  const currencies = country.currencies.map((c) => c.currency).join(", ");
  let limits: CurrencyLimits | undefined;
  if (input.currency) limits = findCurrencyLimits(country, input.currency);
  else if (country.currencies.length === 1) limits = country.currencies[0];
  else throw fieldError("currency", `The currency field is required when country_code is ${country.code}.`);
  if (!limits) throw fieldError("currency", `The currency field must be one of: ${currencies}.`);

  const price = await priceTransaction(db, { direction: input.direction, country, limits, network, requested: input.amount });
  return {
    amount: toAmount(price.amount),
    fee: toAmount(price.fee),
    charged_amount: toAmount(price.chargedAmount),
    currency: price.currency,
  };
}
