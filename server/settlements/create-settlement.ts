import type { Database } from "../db/client";
import type { Mode } from "../db/schema";
import { createOnce, findIdempotentReplay, idempotencyScope } from "../payments/idempotency";
import { findBankAccount } from "./bank-accounts";
import { requestSettlement, settlementAmount, settlementView } from "./settlements";

export type SettlementView = ReturnType<typeof settlementView>;

/**
 * POST /api/v1/merchant/settlements with `Idempotency-Key` (as payouts, D12): the same key
 * and body within 24 h replays the first answer, another body is a 409; the key's record
 * commits with the reservation, so a retried request never reserves twice.
 */
export async function createSettlement(
  db: Database,
  input: { merchantId: string; mode: Mode; keyId: string; body: { bank_account_id: string; amount: number }; idempotencyKey?: string | null },
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
      source: "api",
      actor: { type: "api_key", id: input.keyId, label: input.keyId },
    });
    return settlementView(s, await findBankAccount(tx, { merchantId: input.merchantId, mode: input.mode, id: s.bankAccountId }));
  });
}
