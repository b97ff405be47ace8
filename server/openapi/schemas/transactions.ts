import { z } from "../zod";
import { transactionStatuses } from "../../payments/schemas";
import type { PayinCreatedView, PayoutCreatedView, TransactionStatusView } from "../../payments/views";
import type { TransactionReferenceView } from "../../payments/reference-view";
import type { BalanceView } from "../../ledger/balances";
import type { FeeQuote } from "../../fees/quote";
import { assertSameShape } from "./exact";

/**
 * Response shapes of the payment endpoints (interface 2.2, 2.3, 4.4), checked at compile
 * time against the view types the services return (server/payments/views.ts).
 */
export const transactionStatusSchema = z
  .enum(transactionStatuses)
  .describe("`pending` at creation, then `successful`, `failed` or `cancelled` (terminal).");

const iso = (example: string) => z.string().describe("ISO 8601, UTC").meta({ example });

const createdFields = {
  transaction_id: z.string().describe("Payin ids start with `pi_`, payout ids with `po_`."),
  amount: z.number().describe("Amount processed, without the fee (may differ from the request by rounding)."),
  fee: z.number(),
  charged_amount: z.number().describe("amount + fee"),
  currency: z.string(),
  order_id: z.string().nullable(),
  status: transactionStatusSchema,
  payment_method: z.string().meta({ example: "mobile_money" }),
  created_at: iso("2026-03-02T10:15:00.000Z"),
};

/** 2.2, payin: the three authorization fields tell the client what to do next (D7). */
export const payinCreatedSchema = z.strictObject({
  ...createdFields,
  redirect_url: z.string().nullable().describe("Non-null (wave): send the customer to this hosted checkout page."),
  instructions: z.string().nullable().describe("HTML telling the customer how to approve (USSD code, approve on phone)."),
  auth_mode: z
    .enum(["confirm", "pin"])
    .nullable()
    .describe("null: wait for the webhook. `confirm`: show `instructions`, wait. `pin`: collect the PIN/OTP and call finalize."),
}).openapi("PayinCreated");

/** 2.2, payout: metadata (phone without the plus), none of the payin fields. */
export const payoutCreatedSchema = z.strictObject({
  ...createdFields,
  metadata: z.strictObject({
    network: z.string(),
    phone_number: z.string().describe("Without a leading plus."),
    country_code: z.string(),
    beneficiary: z.string(),
  }),
}).openapi("PayoutCreated");

/** 2.3: the status endpoint and list items (phone with the plus). */
export const transactionStatusViewSchema = z.strictObject({
  transaction_id: z.string(),
  amount: z.number(),
  fee: z.number(),
  charged_amount: z.number(),
  currency: z.string(),
  order_id: z.string().nullable(),
  status: transactionStatusSchema,
  type: z.enum(["cashin", "cashout"]),
  payment_method: z.string(),
  created_at: iso("2026-03-02T10:15:00.000Z"),
  updated_at: iso("2026-03-02T10:15:03.000Z"),
  metadata: z.strictObject({
    network: z.string(),
    phone_number: z.string().describe("With a leading plus."),
    country_code: z.string(),
  }),
}).openapi("Transaction");

/** 4.4: which URL the re-sent notification went to. */
export const resendWebhookResultSchema = z.strictObject({
  transaction_id: z.string(),
  webhook_url: z.string(),
}).openapi("ResendWebhookResult");

/** GET /api/v1/merchant/transactions: newest first, cursor pagination (D12). */
export const transactionListSchema = z.strictObject({
  data: z.array(transactionStatusViewSchema),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
}).openapi("TransactionList");

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

/** GET /api/v1/merchant/balances: one entry per currency of the key's mode. */
export const balanceSchema = z.strictObject({
  currency: z.string().meta({ example: "XOF" }),
  available_balance: z.number().describe("Spendable now (payouts draw from it).").meta({ example: 250000 }),
  pending_balance: z.number().describe("Reserved by payouts in flight.").meta({ example: 10100 }),
}).openapi("Balance");
export const balanceListSchema = z.array(balanceSchema);

/** GET /api/v1/merchant/fees: what a payment would cost (D3), nothing created. */
export const feeQuoteSchema = z.strictObject({
  amount: z.number().describe("Processed amount (after rounding).").meta({ example: 1000 }),
  fee: z.number().meta({ example: 15 }),
  charged_amount: z.number().meta({ example: 1015 }),
  currency: z.string().meta({ example: "XOF" }),
}).openapi("FeeQuote");

assertSameShape<z.output<typeof transactionReferenceSchema>, TransactionReferenceView>();
assertSameShape<z.output<typeof balanceSchema>, BalanceView>();
assertSameShape<z.output<typeof feeQuoteSchema>, FeeQuote>();
assertSameShape<z.output<typeof payinCreatedSchema>, PayinCreatedView>();
assertSameShape<z.output<typeof payoutCreatedSchema>, PayoutCreatedView>();
assertSameShape<z.output<typeof transactionStatusViewSchema>, TransactionStatusView>();
