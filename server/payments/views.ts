import type { Transaction } from "../db/schema";
import { toAmount } from "../money";
import { withPlus } from "../catalog/phone";

/**
 * The transaction as the API shows it: 2.2 on creation (and finalize), 2.3 on the
 * status endpoint and in lists. The 2.5 remittance shape lives in reference-view.ts.
 * Amounts are JSON numbers exactly as stored (D1).
 */
export interface PayinCreatedView {
  transaction_id: string;
  amount: number;
  fee: number;
  charged_amount: number;
  currency: string;
  order_id: string | null;
  status: Transaction["status"];
  payment_method: string;
  created_at: string;
  redirect_url: string | null;
  instructions: string | null;
  auth_mode: "confirm" | "pin" | null;
}

export interface PayoutCreatedView {
  transaction_id: string;
  amount: number;
  fee: number;
  charged_amount: number;
  currency: string;
  order_id: string | null;
  status: Transaction["status"];
  payment_method: string;
  created_at: string;
  /** Phone without the plus (2.2). */
  metadata: { network: string; phone_number: string; country_code: string; beneficiary: string };
}

export interface TransactionStatusView {
  transaction_id: string;
  amount: number;
  fee: number;
  charged_amount: number;
  currency: string;
  order_id: string | null;
  status: Transaction["status"];
  type: "cashin" | "cashout";
  payment_method: string;
  created_at: string;
  updated_at: string;
  /** Phone with the plus (2.3). */
  metadata: { network: string; phone_number: string; country_code: string };
}

/** The fields every transaction shape opens with (2.2, 2.3 and the webhook body of 2.4). */
export function transactionAmounts(t: Transaction) {
  return {
    transaction_id: t.id,
    amount: toAmount(t.amount),
    fee: toAmount(t.fee),
    charged_amount: toAmount(t.chargedAmount),
    currency: t.currency,
    order_id: t.orderId,
    status: t.status,
  };
}

function money(t: Transaction) {
  return { ...transactionAmounts(t), payment_method: t.paymentMethod, created_at: t.createdAt.toISOString() };
}

/** 2.2 for a payin: the three authorization fields, no metadata. */
export function payinCreatedView(t: Transaction): PayinCreatedView {
  return { ...money(t), redirect_url: t.redirectUrl, instructions: t.instructions, auth_mode: t.authMode };
}

/** 2.2 for a payout: metadata, none of the payin fields. */
export function payoutCreatedView(t: Transaction): PayoutCreatedView {
  return {
    ...money(t),
    metadata: { network: t.network, phone_number: t.phoneNumber, country_code: t.countryCode, beneficiary: t.beneficiary ?? "" },
  };
}

export function createdView(t: Transaction): PayinCreatedView | PayoutCreatedView {
  return t.type === "payin" ? payinCreatedView(t) : payoutCreatedView(t);
}

/** 2.3: the status endpoint and list items. */
export function transactionStatusView(t: Transaction): TransactionStatusView {
  const { transaction_id, amount, fee, charged_amount, currency, order_id, status, payment_method, created_at } = money(t);
  return {
    transaction_id,
    amount,
    fee,
    charged_amount,
    currency,
    order_id,
    status,
    type: t.type === "payin" ? "cashin" : "cashout",
    payment_method,
    created_at,
    updated_at: t.updatedAt.toISOString(),
    metadata: { network: t.network, phone_number: withPlus(t.phoneNumber), country_code: t.countryCode },
  };
}
