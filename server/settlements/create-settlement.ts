import type { Database } from "../db/client";
import type { Mode } from "../db/schema";
import { createOnce, findIdempotentReplay, idempotencyScope } from "../payments/idempotency";
import { findBankAccount } from "./bank-accounts";
import { requestSettlement, settlementAmount, settlementView } from "./settlements";

export type SettlementView = ReturnType<typeof settlementView>;

/** Who asks: an API key (POST /api/v1/merchant/settlements) or a signed-in owner (the dashboard's dialog). */
export type SettlementRequester = { keyId: string } | { user: { id: string; email: string } };

/**
 * A settlement request with an idempotency key (as payouts, D12): the same key and body
 * within 24 h replays the first answer, another body is a 409; the key's record commits
 * with the reservation, so a retried request never reserves twice. The API's key is its
 * `Idempotency-Key`; the dashboard sends one per confirmation, so a request retried after
 * a dropped connection settles once.
 */
export async function createSettlement(
  db: Database,
  input: { merchantId: string; mode: Mode; requester: SettlementRequester; body: { bank_account_id: string; amount: number }; idempotencyKey?: string | null },
): Promise<{ data: SettlementView; replayed: boolean }> {
  const idem = idempotencyScope({ merchantId: input.merchantId, mode: input.mode, scope: "settlement", key: input.idempotencyKey, request: input.body });
  if (idem) {
    const replay = await findIdempotentReplay(db, idem);
    if (replay !== null) return { data: replay as SettlementView, replayed: true };
  }
  const amount = settlementAmount(input.body.amount);
  return createOnce(db, idem, async (tx) => {
    const s = await requestSettlement(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      bankAccountId: input.body.bank_account_id,
      amount,
      ...("keyId" in input.requester
        ? { source: "api" as const, actor: { type: "api_key" as const, id: input.requester.keyId, label: input.requester.keyId } }
        : { source: "dashboard" as const, actor: { type: "user" as const, id: input.requester.user.id, label: input.requester.user.email } }),
    });
    return settlementView(s, await findBankAccount(tx, { merchantId: input.merchantId, mode: input.mode, id: s.bankAccountId }));
  });
}
