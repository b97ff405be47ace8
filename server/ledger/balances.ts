import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import { toAmount, type Minor } from "../money";
import { listWallets } from "./wallets";
import type { z } from "../zod";
import type { balanceSchema } from "./balances.contract";

/**
 * GET /api/v1/merchant/balances (D12): per currency of the key's mode, the spendable
 * balance and the part reserved by payouts in flight (returned to available if they
 * fail, gone when they succeed). Payins add to available only once successful.
 */
/** Derived from the contract's response schema (server/ledger/balances.contract.ts), so the two cannot drift. */
export type BalanceView = z.output<typeof balanceSchema>;

export interface Balance {
  currency: string;
  available: Minor;
  inFlight: Minor;
}

export async function getBalances(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<Balance[]> {
  const wallets = await listWallets(db, input);
  return wallets.map((w) => ({ currency: w.currency, available: w.available, inFlight: w.inFlight }));
}

export function balanceView(b: Balance): BalanceView {
  return { currency: b.currency, available_balance: toAmount(b.available), pending_balance: toAmount(b.inFlight) };
}
