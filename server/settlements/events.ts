import type { DbOrTx } from "../db/client";
import type { BankAccount, Settlement } from "../db/schema";
import { insertOutboxRows } from "../webhooks/outbox";
import { newId } from "../ids";
import { toAmount } from "../money";
import { maskAccount } from "./bank-formats";

/**
 * The webhook of a settlement's status change (issue 21), in the 2.4 shape: the
 * settlement's id as `transaction_id`, `charged_amount` the total taken from the balance,
 * `type` `settlement`, and in `metadata` the bank side (no phone number: `null`).
 * Written to the outbox in the transaction that changes the status (D8); the delivery
 * job sends it to the dashboard's webhook URL like any event.
 */
export interface SettlementWebhookPayload {
  transaction_id: string;
  amount: number;
  fee: number;
  charged_amount: number;
  currency: string;
  order_id: null;
  status: Settlement["status"];
  type: "settlement";
  created_at: string;
  updated_at: string;
  metadata: {
    country_code: string;
    phone_number: null;
    network: "bank";
    bank_account_id: string;
    bank_name: string;
    account_number: string;
    bank_reference: string | null;
    rejection_reason: string | null;
  };
}

export function settlementWebhookPayload(s: Settlement, account: BankAccount): SettlementWebhookPayload {
  return {
    transaction_id: s.id,
    amount: toAmount(s.amount),
    fee: toAmount(s.fee),
    charged_amount: toAmount(s.total),
    currency: s.currency,
    order_id: null,
    status: s.status,
    type: "settlement",
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    metadata: {
      country_code: account.countryCode,
      phone_number: null,
      network: "bank",
      bank_account_id: account.id,
      bank_name: account.bankName,
      account_number: maskAccount(account.accountNumber),
      bank_reference: s.bankReference,
      rejection_reason: s.rejectionReason,
    },
  };
}

export async function enqueueSettlementEvent(tx: DbOrTx, s: Settlement, account: BankAccount): Promise<string> {
  const id = newId("webhookEvent");
  const body = JSON.stringify(settlementWebhookPayload(s, account));
  await insertOutboxRows(tx, [{ id, merchant_id: s.merchantId, mode: s.mode, transaction_id: s.id, kind: "status_change", status: s.status, body }]);
  return id;
}
