import { index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum, money, ts } from "./columns";
import { merchants } from "./merchants";
import { PAYOUT_APPROVAL_STATUSES } from "../../vocabulary";

export const payoutApprovalStatusEnum = pgEnum("payout_approval_status", PAYOUT_APPROVAL_STATUSES);

/**
 * One held payout or bulk batch (issue 22, maker-checker). Written BEFORE the payouts'
 * reservation commits, so a held payout always has its approval row; a row whose
 * reservation was then refused is marked `void` (and one left by a crash points at no
 * transaction and is never listed). The held payouts themselves stay `pending` with no
 * next_check_at and no expiry: the worker does not touch them until the decision.
 */
export const payoutApprovals = pgTable(
  "payout_approvals",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    mode: modeEnum("mode").notNull(),
    /** A single payout (`po_…`) or a bulk batch (`bat_…`). */
    transactionId: text("transaction_id"),
    bulkBatchId: text("bulk_batch_id"),
    status: payoutApprovalStatusEnum("status").notNull().default("awaiting_approval"),
    /** dashboard | api */
    source: text("source").notNull(),
    /** Payouts held (1 for a single payout). */
    itemCount: integer("item_count").notNull().default(1),
    /** What went over the threshold: the largest currency total of the request. */
    currency: text("currency").notNull(),
    amount: money("amount").notNull(),
    /** Who asked: a user id or an API key id, and what a reader recognises. */
    requestedById: text("requested_by_id"),
    requestedByType: text("requested_by_type").notNull(),
    requestedByLabel: text("requested_by_label").notNull(),
    decidedById: text("decided_by_id"),
    decidedByLabel: text("decided_by_label"),
    decidedAt: ts("decided_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("payout_approvals_merchant_status").on(t.merchantId, t.mode, t.status, t.createdAt)],
);

export type PayoutApproval = typeof payoutApprovals.$inferSelect;
