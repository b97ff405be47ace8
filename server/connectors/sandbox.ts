import type { Transaction, TransactionType } from "../db/schema";
import { env } from "../env";
import type { Connector, ConnectorPlan, PayinInitiation, PayoutInitiation, TerminalStatus } from "./types";

/**
 * The sandbox networks of test mode (D9). The last 4 digits of the phone number choose
 * the outcome: 0001 failed, 0002 cancelled, 0003 no outcome (the transaction stays
 * pending until it expires), anything else successful. The outcome lands
 * SANDBOX_DELAY_MS after the customer's part is done:
 *  - no customer step, USSD confirm (with or without om_otp), approve on phone: after creation;
 *  - pin: after finalize (OTP `000000` fails);
 *  - redirect (wave): when the hosted checkout's Approve (phone outcome) or Decline
 *    (cancelled) button is pressed - see `customerDecision`.
 */
export const SANDBOX_CONNECTOR = "sandbox";
export const FAILING_OTP = "000000";

const REASONS = {
  payin: { failed: "Customer has insufficient funds", cancelled: "Customer declined the payment" },
  payout: { failed: "Recipient account not found", cancelled: "Payout cancelled by the network" },
  refund: { failed: "Recipient account not found", cancelled: "Refund cancelled by the network" },
} as const;

/** The D9 outcome of a phone number, or null for 0003 (never resolves). */
export function sandboxPhoneOutcome(phone: string, type: TransactionType): { outcome: TerminalStatus; reason: string | null } | null {
  switch (phone.slice(-4)) {
    case "0001":
      return { outcome: "failed", reason: REASONS[type].failed };
    case "0002":
      return { outcome: "cancelled", reason: REASONS[type].cancelled };
    case "0003":
      return null;
    default:
      return { outcome: "successful", reason: null };
  }
}

function due(from: Date): Date {
  return new Date(from.getTime() + env().SANDBOX_DELAY_MS);
}

function plan(ref: string, result: { outcome: TerminalStatus; reason: string | null } | null, at: Date | null): ConnectorPlan {
  return {
    connectorRef: ref,
    pendingOutcome: result?.outcome ?? null,
    outcomeReason: result?.reason ?? null,
    nextCheckAt: result && at ? at : null,
  };
}

const ref = (id: string) => `sbx_${id}`;

export const sandboxConnector: Connector & {
  customerDecision(t: Transaction, decision: "approve" | "decline", now: Date): ConnectorPlan;
} = {
  name: SANDBOX_CONNECTOR,

  async initiatePayin(input: PayinInitiation) {
    // These wait for the customer: finalize (pin) or the checkout page (redirect).
    if (input.authorization === "pin" || input.authorization === "redirect") return plan(ref(input.transactionId), null, null);
    if (input.omOtp === FAILING_OTP) {
      return plan(ref(input.transactionId), { outcome: "failed", reason: "Invalid authorization code" }, due(input.createdAt));
    }
    return plan(ref(input.transactionId), sandboxPhoneOutcome(input.phone, "payin"), due(input.createdAt));
  },

  async initiatePayout(input: PayoutInitiation) {
    return plan(ref(input.transactionId), sandboxPhoneOutcome(input.phone, "payout"), due(input.createdAt));
  },

  async finalize(t: Transaction, otp: string, now: Date) {
    if (otp === FAILING_OTP) return plan(t.connectorRef ?? ref(t.id), { outcome: "failed", reason: "Invalid PIN or OTP" }, due(now));
    return plan(t.connectorRef ?? ref(t.id), sandboxPhoneOutcome(t.phoneNumber, "payin"), due(now));
  },

  async pollStatus(t: Transaction) {
    // The sandbox decides outcomes up front; nothing new to learn by asking.
    return plan(t.connectorRef ?? ref(t.id), null, null);
  },

  /** The hosted checkout's Approve / Decline buttons (test mode): applied at once. */
  customerDecision(t: Transaction, decision: "approve" | "decline", now: Date) {
    const result = decision === "decline" ? { outcome: "cancelled" as const, reason: "Customer declined the payment" } : sandboxPhoneOutcome(t.phoneNumber, "payin");
    return plan(t.connectorRef ?? ref(t.id), result, now);
  },
};
