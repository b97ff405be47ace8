import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { decodeRow, queryText } from "../db/raw";
import { wallets, type Mode, type Wallet } from "../db/schema";
import { newId } from "../ids";

/** The wallet of (merchant, mode, currency), created empty on first use. */
export async function getOrCreateWallet(db: DbOrTx, input: { merchantId: string; mode: Mode; currency: string }): Promise<Wallet> {
  const currency = input.currency.toUpperCase();
  const where = and(eq(wallets.merchantId, input.merchantId), eq(wallets.mode, input.mode), eq(wallets.currency, currency));
  const [existing] = await db.select().from(wallets).where(where).limit(1);
  if (existing) return existing;
  await db
    .insert(wallets)
    .values({ id: newId("wallet"), merchantId: input.merchantId, mode: input.mode, currency })
    .onConflictDoNothing();
  const [row] = await db.select().from(wallets).where(where).limit(1);
  return row;
}

const FIND_SQL = "select * from wallets where merchant_id = $1 and mode = $2 and currency = $3 limit 1";

export async function findWallet(db: DbOrTx, input: { merchantId: string; mode: Mode; currency: string }): Promise<Wallet | undefined> {
  // Every payout looks here first: a constant prepared statement when it can (db/raw.ts).
  const [hit] = await queryText(db, FIND_SQL, [input.merchantId, input.mode, input.currency.toUpperCase()]);
  return hit ? decodeRow<Wallet>(wallets, hit) : undefined;
}

export async function listWallets(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<Wallet[]> {
  return db
    .select()
    .from(wallets)
    .where(and(eq(wallets.merchantId, input.merchantId), eq(wallets.mode, input.mode)))
    .orderBy(wallets.currency);
}

/** Locks the wallet row for the rest of the transaction (serialises postings on one wallet). */
export async function lockWallet(tx: DbOrTx, walletId: string): Promise<Wallet | undefined> {
  const [row] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for("update");
  return row;
}

export const walletSql = { available: sql`available`, inFlight: sql`in_flight` };
