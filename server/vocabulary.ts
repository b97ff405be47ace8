/**
 * The house's closed word lists, spelled once. The database enums (server/db/schema) are
 * built from these arrays, and so are the zod schemas of the API and tRPC, the dashboard's
 * filters and badges, and the tests. Plain constants with no imports, so client
 * components can use them without pulling the database layer into the bundle.
 */
export const TRANSACTION_STATUSES = ["pending", "successful", "failed", "cancelled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A refund (D16) is a transaction of its own: money back to a payin's customer, from the wallet. */
export const TRANSACTION_TYPES = ["payin", "payout", "refund"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** What a fee rule prices: a refund is priced as a payout (it is one, to the payin's phone). */
export const FEE_DIRECTIONS = ["payin", "payout"] as const;
export type FeeDirection = (typeof FEE_DIRECTIONS)[number];

export const KYC_STATUSES = ["unverified", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];

export const MEMBER_ROLES = ["owner", "developer", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const isTransactionStatus = (s: string): s is TransactionStatus => (TRANSACTION_STATUSES as readonly string[]).includes(s);
export const isKycStatus = (s: string): s is KycStatus => (KYC_STATUSES as readonly string[]).includes(s);

/** Issue 22: what an API key may do (read_only: reads, lists, statements; nothing that moves money or changes settings). */
export const API_KEY_SCOPES = ["full", "read_only"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Issue 22: a payout (or bulk batch) held for a second owner's decision (maker-checker). */
export const PAYOUT_APPROVAL_STATUSES = ["awaiting_approval", "approved", "rejected", "void"] as const;
export type PayoutApprovalStatus = (typeof PAYOUT_APPROVAL_STATUSES)[number];
/** Issue 21: checkout sessions, bank accounts, settlements to the bank. */
export const CHECKOUT_SESSION_STATUSES = ["open", "complete", "expired"] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];
export const BANK_ACCOUNT_STATUSES = ["pending", "verified", "rejected"] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
export const SETTLEMENT_STATUSES = ["pending", "paid", "rejected"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const SETTLEMENT_FREQUENCIES = ["daily", "weekly"] as const;
export type SettlementFrequency = (typeof SETTLEMENT_FREQUENCIES)[number];
/** The fee schedule's directions: the two of payments, and settlements to the bank (issue 21). */
export const FEE_SCHEDULE_DIRECTIONS = [...FEE_DIRECTIONS, "settlement"] as const;
export type FeeScheduleDirection = (typeof FEE_SCHEDULE_DIRECTIONS)[number];

/** Issue 26: the statuses a transaction never leaves. */
export const FINAL_TRANSACTION_STATUSES = ["successful", "failed", "cancelled"] as const satisfies readonly TransactionStatus[];
export type FinalTransactionStatus = (typeof FINAL_TRANSACTION_STATUSES)[number];
export const isFinalStatus = (s: string | null | undefined): s is FinalTransactionStatus => (FINAL_TRANSACTION_STATUSES as readonly (string | null | undefined)[]).includes(s);

/** Issue 26: a webhook outbox row's delivery state, and what made it (D10, 4.4). */
export const WEBHOOK_EVENT_STATES = ["pending", "delivered", "failed", "skipped"] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];
export const WEBHOOK_EVENT_KINDS = ["status_change", "resend", "test"] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** Issue 26: an operator route's circuit breaker (server/connectors/health.ts). */
export const BREAKER_STATES = ["closed", "open", "half_open"] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

/**
 * Every action the audit log records (issue 22), spelled once: recordAudit only takes
 * these, and the dashboard's filter and labels (messages/*.json `control.actions.*`) come
 * from this list, so a recorded action can never be missing from the filter or shown raw.
 */
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.revoked",
  "webhook.url_changed",
  "webhook.secret_rotated",
  "webhook.secret_revealed",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.secret_revealed",
  "team.invitation_created",
  "team.invitation_revoked",
  "team.role_changed",
  "member.removed",
  "team.two_factor_requirement_changed",
  "merchant.created",
  "merchant.renamed",
  "kyc.submitted",
  "kyc.approved",
  "kyc.rejected",
  "kyc.status_set",
  "settings.payout_approvals_changed",
  "payout.created",
  "payout.held_for_approval",
  "payout.approved",
  "payout.rejected",
  "bulk_payout.created",
  "bulk_payout.held_for_approval",
  "refund.created",
  "wallet.test_top_up",
  "wallet.credited",
  "fee_rule.updated",
  "bank_account.added",
  "bank_account.verified",
  "bank_account.rejected",
  "settlement.requested",
  "settlement.paid",
  "settlement.rejected",
  "payment_link.deactivated",
  "test_data.reset",
  "user.signed_in",
  "user.password_changed",
  "user.password_reset",
  "user.email_verified",
  "user.two_factor_enabled",
  "user.two_factor_disabled",
  "user.recovery_codes_regenerated",
  "operator.created",
  "operator.promoted",
  "status_incident.created",
  "status_incident.updated",
  "status_incident.resolved",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
