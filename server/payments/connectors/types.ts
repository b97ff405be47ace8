import type { AuthorizationKind } from "../../catalog/coverage";
import type { Transaction, TransactionStatus } from "../../db/schema";
import type { Minor } from "../../money";

/**
 * One interface in front of every mobile-money network: the sandbox of test mode and,
 * in live mode, the operator integrations configured in registry.ts. A connector never
 * changes a transaction itself: it answers with a plan that the payments services write
 * (in the same database transaction as the rest) and the lifecycle worker applies.
 */
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
}

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
}

export const NOTHING_YET: ConnectorPlan = { connectorRef: null, pendingOutcome: null, outcomeReason: null, nextCheckAt: null };
