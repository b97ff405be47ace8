import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/**
 * The ledger's promises, checked from the data: all entries sum to zero, every
 * transfer sums to zero, and each wallet's stored balances equal the sums of its
 * entries. Used by tests, the reliability suite and benchmarks.
 */
export interface LedgerCheck {
  total: bigint;
  unbalancedTransfers: number;
  walletMismatches: number;
  negativeWallets: number;
}

export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const one = async (q: ReturnType<typeof sql>) => {
    const rows = (await db.execute(q)) as unknown as Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> };
    const list = Array.isArray(rows) ? rows : rows.rows;
    return list[0] ?? {};
  };
  const total = await one(sql`select coalesce(sum(amount), 0)::text as v from ledger_entries`);
  const unbalanced = await one(sql`select count(*)::int as v from (select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0) t`);
  const mismatches = await one(sql`
    select count(*)::int as v from wallets w
    left join lateral (
      select coalesce(sum(amount) filter (where account = 'available'), 0) as a,
             coalesce(sum(amount) filter (where account = 'in_flight'), 0) as f
      from ledger_entries e where e.wallet_id = w.id
    ) s on true
    where w.available <> s.a or w.in_flight <> s.f`);
  const negative = await one(sql`select count(*)::int as v from wallets where available < 0 or in_flight < 0`);
  return {
    total: BigInt(String(total.v)),
    unbalancedTransfers: Number(unbalanced.v),
    walletMismatches: Number(mismatches.v),
    negativeWallets: Number(negative.v),
  };
}
