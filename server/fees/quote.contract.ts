import { z } from "../contracts/zod";
import { examples } from "../contracts/examples";
import { defineOperation, limitsError } from "../contracts/operation";
import { toMinor } from "../money";
import { FEE_DIRECTIONS } from "../vocabulary";

/** The query of GET /api/v1/merchant/fees. */
export const feeQuoteQuery = z.object({
  type: z.enum(FEE_DIRECTIONS),
  country_code: z.string().min(1).max(2),
  network: z.string().min(1).max(50).optional(),
  currency: z.string().min(1).max(3).optional(),
  amount: z
    .string()
    .min(1)
    .refine((v) => /^\d+(\.\d+)?$/.test(v.trim()) && toMinor(v) !== null && (toMinor(v) ?? 0n) >= 1n, {
  message: "The amount field must be a number of at least 0.01 with at most 2 decimals.",
    }),
});
export type FeeQuoteQuery = z.output<typeof feeQuoteQuery>;

/** GET /api/v1/merchant/fees: what a payment would cost (D3), nothing created. */
export const feeQuoteSchema = z.strictObject({
  amount: z.number().describe("Processed amount (after rounding).").meta({ example: 1000 }),
  fee: z.number().meta({ example: 15 }),
  charged_amount: z.number().meta({ example: 1015 }),
  currency: z.string().meta({ example: "XOF" }),
}).openapi("FeeQuote");

/** GET /api/v1/merchant/fees (D3): served by quoteFee. */
export const quoteFeeContract = defineOperation({
  path: "/api/v1/merchant/fees",
  method: "GET",
  request: { auth: "merchant", query: feeQuoteQuery },
  operationId: "quoteFee",
  tag: "Account",
  summary: "Quote a fee",
  description: "What a payin or payout of this amount would cost: processed amount after rounding, fee, and amount + fee. Creates nothing.",
  success: { description: "The quote", schema: feeQuoteSchema, example: examples.feeQuote, message: "Fee quote" },
  errors: [limitsError],
});
