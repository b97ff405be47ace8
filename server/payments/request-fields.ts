import { z } from "../zod";
import { toMinor } from "../money";
import { inspectDestination, type Direction } from "./destination";

/**
 * Request fields shared by several payments operations (interface 4.1-4.3, D6, D7): the
 * amount, the merchant's references, the destination and the transaction id in the path.
 * Each operation's own body or query lives in its `<verb>.contract.ts`. The REST routes
 * validate with them and the OpenAPI document is generated from them, so they are the
 * single description of what a request may carry. Field messages are written by
 * server/contracts/validation.ts (Laravel style); refinements carry full sentences.
 */

/** JSON number, at least 0.01, at most 2 decimals (D1). */
export const amountSchema = z
  .number()
  .min(0.01)
  .refine((v) => toMinor(v) !== null, { message: "The amount field must not have more than 2 decimal places." })
  .describe("Amount in the currency's units (at most 2 decimals). Rounded to a multiple of 5 in BF, BJ, CI, CM, GN, ML, TG.");

export const orderId = z.string().max(255).nullish().describe("The merchant's own reference, echoed back.");
export const callbackUrl = z
  .string()
  .max(2048)
  .nullish()
  .describe("Webhook URL for this transaction; overrides the dashboard default. Live mode: https, public address.");
export const networkField = z.string().min(1).max(50).describe("Network of the country (`GET /api/v1/networks` lists them); `mpesa` is accepted for safaricom/vodacom.");
export const phoneField = z.string().min(1).max(32).describe("Phone number: national, +international or bare international form.");
export const countryField = z.string().min(1).max(2).describe("2-letter ISO code of one of the 15 covered countries.");

/** Checks country, currency, network and phone against the catalog, even when other fields failed. */
export function destinationRefinement(direction: Direction) {
  return [
    (value: unknown, ctx: z.RefinementCtx) => {
      for (const issue of inspectDestination(value, direction).issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    },
    { when: () => true },
  ] as const;
}

/** `{id}` in the path: a transaction's id (payin, payout or refund). */
export const transactionIdParams = z.object({ id: z.string().min(1).max(100) });
