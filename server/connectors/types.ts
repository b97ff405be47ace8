import type { Transaction, TransactionStatus } from "../db/schema";
import type { Minor } from "../money";
import type { OperatorResult } from "./operator-http";

/**
 * One interface in front of every mobile-money network: the sandbox of test mode and,
 * in live mode, the operator integrations configured in registry.ts. A connector never
 * changes a transaction itself: it answers with a plan that the payments services write
 * (in the same database transaction as the rest) and the lifecycle worker applies.
 */
/** The customer step a network asks for on a payin (the catalog says which network asks which). */
export type AuthorizationKind = "none" | "ussd" | "pin" | "redirect" | "approve_on_phone";

export type TerminalStatus = Exclude<TransactionStatus, "pending">;

export interface ConnectorPlan {
  /** The network's reference for the transaction, when it has one. */
  connectorRef: string | null;
  /** The outcome, once known; the worker applies it at `nextCheckAt`. */
  pendingOutcome: TerminalStatus | null;
  /** Why, for failed and cancelled outcomes (dashboard, `decline_reason`). */
  outcomeReason: string | null;
  /** When the worker should look again (outcome due, or a status poll); null: only at expiry. */
  nextCheckAt: Date | null;
  /** Live rails: the operator's idempotency handle, stored with the row before any call. */
  operatorHandle?: string | null;
  /** Live rails: the secret carried in callback URLs whose bodies are unsigned (Daraja B2C). */
  callbackSecret?: string | null;
}

/** What a live operator answered to a submission or a status query (D15 mapping applied). */
export type LiveAnswer = OperatorResult & {
  /** Wave: the checkout session's launch URL, Orange Money: its payment_url; our payin's redirect_url. */
  launchUrl?: string;
  /** A secret the operator handed out for its callbacks about this transaction (Orange Money's notif_token), stored. */
  callbackSecret?: string;
};

export interface InitiationInput {
  transactionId: string;
  amount: Minor;
  currency: string;
  countryCode: string;
  network: string;
  /** E.164 digits without the plus. */
  phone: string;
  createdAt: Date;
}

export interface PayinInitiation extends InitiationInput {
  authorization: AuthorizationKind;
  /** Orange USSD authorization code sent with the request (D7 fast path). */
  omOtp: string | null;
}

export interface PayoutInitiation extends InitiationInput {
  beneficiary: string;
}

export interface Connector {
  readonly name: string;
  initiatePayin(input: PayinInitiation): Promise<ConnectorPlan>;
  initiatePayout(input: PayoutInitiation): Promise<ConnectorPlan>;
  /** The PIN / OTP step of a payin whose auth_mode is `pin`. */
  finalize(t: Transaction, otp: string, now: Date): Promise<ConnectorPlan>;
  /** Asked by the worker when a pending transaction is due and no outcome is known yet. */
  pollStatus(t: Transaction, now: Date): Promise<ConnectorPlan>;

  // Live rails (server/connectors/live-connector.ts, server/payments/live-rails.ts). A live
  // connector's initiate* only plans (handle, amount check): nothing is sent before the
  // row and its reservation committed. Then `submit` sends it, with the stored handle.
  /** Sends the committed transaction to the operator, with its stored idempotency handle. */
  submit?(t: Transaction, related?: RelatedRows): Promise<LiveAnswer>;
  /** Asks the operator where the transaction stands; null when the operator offers no query (Daraja B2C). */
  queryStatus?(t: Transaction, related?: RelatedRows): Promise<LiveAnswer | null>;
  /** Whether sending the same submission again is safe (the operator dedupes on the handle). */
  resubmitSafe?(t: Transaction): boolean;
  /** Closes what the operator still holds open when a payin is given up (Wave checkout session). */
  abandon?(t: Transaction): Promise<void>;
}

/** Rows a submission may need besides the transaction: a refund's payin (pawaPay refunds name its deposit). */
export interface RelatedRows {
  refundOf?: Transaction | null;
}

export const NOTHING_YET: ConnectorPlan = { connectorRef: null, pendingOutcome: null, outcomeReason: null, nextCheckAt: null };
