import { z } from "../zod";
import { coveredCurrencies } from "../catalog/coverage";
import { toDecimalString, toMinor, type Minor } from "../money";
import { KYC_STATUSES, MEMBER_ROLES } from "../vocabulary";

/**
 * Shared zod pieces for procedure inputs and outputs. Money crosses the wire as
 * decimal text ("1500", "25.5"): the client formats it with Intl.NumberFormat and
 * never does arithmetic on it; the server reads it back with toMinor.
 */
export const moneyText = z.string().regex(/^-?\d+(\.\d{1,2})?$/);
export const money = (minor: Minor) => toDecimalString(minor);

/** A positive amount typed by a person: at most 2 decimals, commas and spaces tolerated. */
export const amountInput = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s\u00a0\u202f]/g, "").replace(",", "."))
  .refine((s) => /^\d+(\.\d+)?$/.test(s), { message: "Enter an amount like 5000 or 25.50." })
  .transform((s) => toMinor(s))
  .refine((m): m is Minor => m !== null, { message: "Use at most 2 decimals." })
  .refine((m) => m !== null && m > 0n, { message: "The amount must be greater than 0." })
  .transform((m) => m as Minor);

export const currencies = [...coveredCurrencies];
export const currencySchema = z.string().trim().toUpperCase().pipe(z.enum(currencies as [string, ...string[]]));

export const roleSchema = z.enum(MEMBER_ROLES);
export const kycStatusSchema = z.enum(KYC_STATUSES);
export const okOutput = z.object({ ok: z.literal(true) });
export const emailInput = z.string().trim().max(254).email("Enter a valid email address.");
