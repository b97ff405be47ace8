import { z } from "../contracts/zod";
import type { Transaction } from "../db/schema";
import { transactionAmounts, type AmountColumns } from "../money";
import { withPlus } from "../catalog/phone";
import { TRANSACTION_STATUSES } from "../vocabulary";
import { declineReason } from "../webhooks/payload";

/**
 * The API's snake_case views of a transaction (the dashboard's camelCase views are
 * server/trpc/dashboard-views.ts): 2.2 on creation (and finalize), 2.3 on the status
 * endpoint and in lists. The 2.5 remittance shape lives in reference-view.ts. The zod
 * schemas are the contract (the OpenAPI document reads them); the view types are derived
 * from them, so the mapping below cannot drift from the document. Amounts are JSON
 * numbers exactly as stored (D1).
 */
export const transactionStatusSchema = z
  .enum(TRANSACTION_STATUSES)
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
  type: z.enum(["cashin", "cashout", "refund"]).describe("`cashin`: payin. `cashout`: payout. `refund`: a refund of a payin (D16)."),
  payment_method: z.string(),
  created_at: iso("2026-03-02T10:15:00.000Z"),
  updated_at: iso("2026-03-02T10:15:03.000Z"),
  metadata: z.strictObject({
    network: z.string(),
    phone_number: z.string().describe("With a leading plus."),
    country_code: z.string(),
    beneficiary: z.string().optional().describe("Payouts and refunds: the beneficiary's name as sent (an extra field, not in the interface)."),
  }),
  decline_reason: z
    .string()
    .nullable()
    .describe("Why a `failed` or `cancelled` transaction did not go through (null otherwise). An extra field beside the interface's: clients may ignore it.")
    .meta({ example: null }),
}).openapi("Transaction");

export type PayinCreatedView = z.output<typeof payinCreatedSchema>;
export type PayoutCreatedView = z.output<typeof payoutCreatedSchema>;
export type TransactionStatusView = z.output<typeof transactionStatusViewSchema>;

/** The amounts of a view, with the payment method and creation time (every payin, payout and status read). */
function money(t: AmountColumns & Pick<Transaction, "paymentMethod" | "createdAt">) {
  return Object.assign(transactionAmounts(t), { payment_method: t.paymentMethod, created_at: t.createdAt.toISOString() });
}

/**
 * The columns payinCreatedView reads: the payin batch returns only these from its INSERT
 * (parsing and decoding the row's 35 columns cost more than the rest of the statement).
 * The view's parameter type is built from the list, so it cannot read another column.
 */
export const PAYIN_VIEW_COLUMNS = ["id", "amount", "fee", "chargedAmount", "currency", "orderId", "status", "paymentMethod", "createdAt", "redirectUrl", "instructions", "authMode"] as const;
export type PayinViewRow = Pick<Transaction, (typeof PAYIN_VIEW_COLUMNS)[number]>;

/** 2.2 for a payin: the three authorization fields, no metadata. */
export function payinCreatedView(t: PayinViewRow): PayinCreatedView {
  return Object.assign(money(t), { redirect_url: t.redirectUrl, instructions: t.instructions, auth_mode: t.authMode });
}

/** The columns payoutCreatedView reads: the payout batch returns only these from its INSERT, as the payin batch does. */
export const PAYOUT_VIEW_COLUMNS = ["id", "amount", "fee", "chargedAmount", "currency", "orderId", "status", "paymentMethod", "createdAt", "network", "phoneNumber", "countryCode", "beneficiary"] as const;
export type PayoutViewRow = Pick<Transaction, (typeof PAYOUT_VIEW_COLUMNS)[number]>;

/** 2.2 for a payout: metadata, none of the payin fields. */
export function payoutCreatedView(t: PayoutViewRow): PayoutCreatedView {
  return Object.assign(money(t), {
    metadata: { network: t.network, phone_number: t.phoneNumber, country_code: t.countryCode, beneficiary: t.beneficiary ?? "" },
  });
}

export function createdView(t: Transaction): PayinCreatedView | PayoutCreatedView {
  return t.type === "payin" ? payinCreatedView(t) : payoutCreatedView(t); // a refund is created like a payout
}

/** The `type` of 2.3 and 2.4: cashin / cashout as the interface names them, refund for refunds. */
export function apiType(t: Pick<Transaction, "type">): "cashin" | "cashout" | "refund" {
  return t.type === "payin" ? "cashin" : t.type === "refund" ? "refund" : "cashout";
}

/** The columns transactionStatusView reads (the status endpoint fetches only these, status-reads.ts). */
export const STATUS_VIEW_COLUMNS = [
  "id",
  "amount",
  "fee",
  "chargedAmount",
  "currency",
  "orderId",
  "status",
  "type",
  "paymentMethod",
  "createdAt",
  "updatedAt",
  "network",
  "phoneNumber",
  "countryCode",
  "failureReason",
  "beneficiary",
] as const;
export type StatusViewRow = Pick<Transaction, (typeof STATUS_VIEW_COLUMNS)[number]>;

/** 2.3: the status endpoint and list items. */
export function transactionStatusView(t: StatusViewRow): TransactionStatusView {
  const { transaction_id, amount, fee, charged_amount, currency, order_id, status, payment_method, created_at } = money(t);
  return {
    transaction_id,
    amount,
    fee,
    charged_amount,
    currency,
    order_id,
    status,
    type: apiType(t),
    payment_method,
    created_at,
    updated_at: t.updatedAt.toISOString(),
    metadata: {
      network: t.network,
      phone_number: withPlus(t.phoneNumber),
      country_code: t.countryCode,
      ...(t.type === "payin" ? {} : { beneficiary: t.beneficiary ?? "" }),
    },
    decline_reason: declineReason(t),
  };
}

