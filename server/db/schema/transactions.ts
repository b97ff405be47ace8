import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { bulkPayoutBatches } from "./bulk-payout-batches";
import { createdAt, modeEnum, money, ts, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../../vocabulary";

export const transactionTypeEnum = pgEnum("transaction_type", TRANSACTION_TYPES);
export const transactionStatusEnum = pgEnum("transaction_status", TRANSACTION_STATUSES);
export const authModeEnum = pgEnum("auth_mode", ["confirm", "pin"]);
export type TransactionStatus = (typeof transactionStatusEnum.enumValues)[number];
export type TransactionType = (typeof transactionTypeEnum.enumValues)[number];

/** Payins (`pi_`), payouts (`po_`) and refunds (`rf_`, D16). Terminal states never change again. */
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
    /** The live route taken at creation (D19: `orange-money`, `pawapay`, ...); null in test mode. Never changes. */
    route: text("route"),
    connectorRef: text("connector_ref"),
    /** Outcome the connector has reported but the worker has not applied yet. */
    pendingOutcome: transactionStatusEnum("pending_outcome"),
    /** When the worker should next look at this transaction (outcome due, poll, expiry). */
    nextCheckAt: ts("next_check_at"),
    expiresAt: ts("expires_at"),
    failureReason: text("failure_reason"),
    // Live rails (D15, docs/connectors.md). The operator's idempotency handle (MoMo
    // X-Reference-Id, Wave Idempotency-Key, Daraja OriginatorConversationID, Airtel
    // transaction id) is written with the row, before any call, and reused on every retry.
    operatorHandle: text("operator_handle"),
    /** Per-transaction secret carried in callback URLs whose body is unsigned (Daraja B2C result). */
    callbackSecret: text("callback_secret"),
    /** Submissions started (committed before the call on the request path). */
    submitAttempts: integer("submit_attempts").notNull().default(0),
    /** When the operator acknowledged the submission; null: never acknowledged. */
    submittedAt: ts("submitted_at"),
    /** Status queries made since the submission (drives the growing backoff). */
    pollCount: integer("poll_count").notNull().default(0),
    /** Past its timeout with an outcome the operator could not tell: shown in the operator console. */
    needsAttention: boolean("needs_attention").notNull().default(false),
    /** The last operator error met while handling it (plain words, no credentials). */
    lastOperatorError: text("last_operator_error"),
    /** Idempotency and audit: the parsed request as received. */
    requestMetadata: jsonb("request_metadata"),
    /** Refunds: the payin they give money back for. */
    refundOf: text("refund_of").references((): AnyPgColumn => transactions.id),
    /** Payouts created by a bulk request (D16). */
    bulkBatchId: text("bulk_batch_id").references(() => bulkPayoutBatches.id),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transactions_merchant_created_idx").on(t.merchantId, t.mode, t.createdAt.desc(), t.id.desc()),
    index("transactions_merchant_order_idx").on(t.merchantId, t.mode, t.orderId),
    uniqueIndex("transactions_operator_handle_idx").on(t.connector, t.operatorHandle),
    index("transactions_attention_idx").on(t.needsAttention).where(sql`${t.needsAttention}`),
    index("transactions_due_idx").on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    check("transactions_charged_is_sum", sql`${t.chargedAmount} = ${t.amount} + ${t.fee}`),
    index("transactions_refund_of_idx").on(t.refundOf).where(sql`${t.refundOf} is not null`),
    index("transactions_bulk_batch_idx").on(t.bulkBatchId).where(sql`${t.bulkBatchId} is not null`),
    // Issue 25: the status page's recent live outcomes (server/status/availability.ts); test-mode writes skip it.
    index("transactions_live_updated_idx").on(t.updatedAt).where(sql`${t.mode} = 'live'`),
    check("transactions_refund_has_payin", sql`(${t.type}::text = 'refund') = (${t.refundOf} is not null)`),
    check("transactions_amount_positive", sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

export type Transaction = typeof transactions.$inferSelect;
