import { sql } from "drizzle-orm";
import { check, index, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";

export const transactionTypeEnum = pgEnum("transaction_type", ["payin", "payout"]);
export const transactionStatusEnum = pgEnum("transaction_status", ["pending", "successful", "failed", "cancelled"]);
export const authModeEnum = pgEnum("auth_mode", ["confirm", "pin"]);
export type TransactionStatus = (typeof transactionStatusEnum.enumValues)[number];
export type TransactionType = (typeof transactionTypeEnum.enumValues)[number];

/** Payins (`pi_`) and payouts (`po_`). Terminal states never change again. */
export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    type: transactionTypeEnum("type").notNull(),
    status: transactionStatusEnum("status").notNull().default("pending"),
    /** What the merchant asked for, before rounding. */
    requestedAmount: money("requested_amount").notNull(),
    /** Processed amount (after rounding to 5 where the country requires it). */
    amount: money("amount").notNull(),
    fee: money("fee").notNull(),
    chargedAmount: money("charged_amount").notNull(),
    currency: text("currency").notNull(),
    orderId: text("order_id"),
    paymentMethod: text("payment_method").notNull().default("mobile_money"),
    countryCode: text("country_code").notNull(),
    /** Canonical network id from the coverage catalog (mpesa is stored as safaricom/vodacom). */
    network: text("network").notNull(),
    /** E.164 without the leading plus. */
    phoneNumber: text("phone_number").notNull(),
    beneficiary: text("beneficiary"),
    callbackUrl: text("callback_url"),
    /** Where the hosted checkout returns the customer (payins). */
    returnUrl: text("return_url"),
    authMode: authModeEnum("auth_mode"),
    instructions: text("instructions"),
    redirectUrl: text("redirect_url"),
    /** Which connector handles it and its reference there. */
    connector: text("connector").notNull(),
    connectorRef: text("connector_ref"),
    /** Outcome the connector has reported but the worker has not applied yet. */
    pendingOutcome: transactionStatusEnum("pending_outcome"),
    /** When the worker should next look at this transaction (outcome due, poll, expiry). */
    nextCheckAt: ts("next_check_at"),
    expiresAt: ts("expires_at"),
    failureReason: text("failure_reason"),
    /** Idempotency and audit: the parsed request as received. */
    requestMetadata: jsonb("request_metadata"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transactions_merchant_created_idx").on(t.merchantId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("transactions_merchant_order_idx").on(t.merchantId, t.mode, t.orderId),
    index("transactions_due_idx").on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    check("transactions_charged_is_sum", sql`${t.chargedAmount} = ${t.amount} + ${t.fee}`),
    check("transactions_amount_positive", sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

export type Transaction = typeof transactions.$inferSelect;
