import { jsonInsert } from "../db/raw";
import { ledgerEntries, type Transaction } from "../db/schema";
import { newId } from "../ids";
import type { Minor } from "../money";

/**
 * The ledger's batched posting, for the payout batch (payments/payout-batch.ts): many
 * payout_reserve transfers on one wallet in one statement. The rows are the ones
 * postTransfer (transfers.ts) writes one transfer at a time; the wallet moves once, by
 * the sum. Raw SQL because it runs on the payout hot path (see db/raw.ts); the wallet's
 * CHECK constraint still refuses a negative balance.
 */
export const LEDGER_ENTRY_KEYS = ["id", "transferId", "merchantId", "mode", "currency", "walletId", "account", "kind", "amount", "transactionId", "reference", "description"];

/** The payout_reserve legs of one payout (one transfer): available -charged, in_flight +charged. */
export function payoutReserveLegs(t: { id: string; merchantId: string; mode: Transaction["mode"]; currency: string; chargedAmount: Minor }, walletId: string) {
  const transferId = newId("ledgerTransfer");
  const leg = (account: "available" | "in_flight", amount: Minor) => ({
    id: newId("ledgerEntry"),
    transferId,
    merchantId: t.merchantId,
    mode: t.mode,
    currency: t.currency,
    walletId,
    account,
    kind: "payout_reserve" as const,
    amount,
    transactionId: t.id,
    reference: null,
    description: null,
  });
  return [leg("available", -t.chargedAmount), leg("in_flight", t.chargedAmount)];
}

/**
 * Two data-modifying CTEs, `w` (the wallet UPDATE for the sum; returns its id, so the
 * caller can check one wallet moved) and `le` (the legs, as JSON rows of
 * LEDGER_ENTRY_KEYS), reading their values from the statement parameters numbered here.
 */
export function reserveBatchCtes(param: { total: number; now: number; walletId: number; legs: number }): string {
  return `w as (
        update wallets set available = available - $${param.total}::bigint, in_flight = in_flight + $${param.total}::bigint, updated_at = $${param.now}::timestamptz
         where id = $${param.walletId} returning id),
      le as (${jsonInsert(ledgerEntries, "ledger_entries", LEDGER_ENTRY_KEYS, param.legs)})`;
}
