import { z } from "../contracts/zod";
import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";

/** `{reference}` in the path: a transaction id or the merchant's order id. */
export const referenceParams = z.object({ reference: z.string().min(1).max(255) });

/** 2.5: the remittance-style shape of GET /api/v1/transactions/{reference} (D11). */
export const transactionReferenceSchema = z.strictObject({
  id: z.string(),
  amount: z.string().describe("Hundredths of the currency unit, as decimal text.").meta({ example: "101500" }),
  human_readable_amount: z.number().meta({ example: 1015 }),
  charge: z.string().describe("Fee in hundredths, as decimal text.").meta({ example: "1500" }),
  human_readable_charge: z.number().meta({ example: 15 }),
  status: z.enum(["success", "pending", "failed", "cancelled"]),
  decline_reason: z.string().nullable(),
  mode: z.enum(["live", "test"]),
  type: z.enum(["debit", "credit"]).describe("`debit`: payout. `credit`: payin."),
  description: z.string(),
  created_at: z.string().describe("ISO 8601 with microseconds").meta({ example: "2026-03-02T10:15:00.123000Z" }),
  recipient_first_name: z.string(),
  recipient_middle_name: z.string().nullable(),
  recipient_last_name: z.string(),
  recipient_country: z.string(),
  recipient_email: z.string(),
  recipient_phone: z.string().nullable(),
  recipient_amount: z.string(),
  human_readable_recipient_amount: z.number(),
  recipient_currency: z.string(),
  rate: z.number().meta({ example: 1 }),
  transfer_purpose: z.string(),
  delivery_method: z.enum(["bank", "cash_pickup", "mobile_money"]),
  agent: z
    .strictObject({
  id: z.string(),
  business_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  image: z.string(),
    })
    .describe("The mobile-money network operator handling the transaction."),
}).openapi("TransactionByReference");

/** GET /api/v1/transactions/{reference} (2.5): served by readTransactionByReference. */
export const transactionByReferenceContract = defineOperation({
  path: "/api/v1/transactions/{reference}",
  method: "GET",
  request: { auth: "merchant", params: referenceParams },
  operationId: "getTransactionByReference",
  tag: "Transactions",
  summary: "Read a transaction by reference",
  description:
    "The remittance-style shape. `reference` is a transaction_id or, failing that, your most recent transaction with that order_id. Amounts are hundredths as decimal text.",
  success: { description: "The transaction, remittance-style", schema: transactionReferenceSchema, example: examples.transactionReference, message: "Transaction retrieved" },
  errors: [commonErrorCases.transactionNotFound],
});
