import type { Transaction } from "../db/schema";
import { transactionAmounts } from "../money";

/** The webhook notification body of interface 2.4 (D10: om_otp is never echoed). */
export interface WebhookPayload {
  transaction_id: string;
  amount: number;
  fee: number;
  charged_amount: number;
  currency: string;
  order_id: string | null;
  status: string;
  /** `refund` for refunds (D16): their own events, told apart from payouts. */
  type: "cashin" | "cashout" | "refund";
  created_at: string;
  updated_at: string;
  metadata: { country_code: string; phone_number: string; network: string; om_otp?: null };
}

export function webhookPayload(t: Transaction): WebhookPayload {
  return {
    ...transactionAmounts(t),
    type: t.type === "payin" ? "cashin" : t.type === "refund" ? "refund" : "cashout",
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    metadata: {
      country_code: t.countryCode,
      phone_number: t.phoneNumber,
      network: t.network,
      ...(t.type === "payin" ? { om_otp: null } : {}),
    },
  };
}
