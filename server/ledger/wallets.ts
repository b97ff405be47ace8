import { and, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { coalescer } from "../db/coalesce";
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

type WalletKey = { merchantId: string; mode: Mode; currency: string };

/**
 * Looks at one wallet arriving while a look at it runs wait and share the next SELECT
 * (server/db/coalesce.ts). That SELECT is sent after they all arrived, so each still sees
 * everything committed before it asked (a top-up, then a payout from the same client).
 */
const looks = coalescer<string, { db: Database; key: WalletKey }, Wallet | undefined>({
  name: "walletLooks",
  maxBatch: 1000,
  maxRunning: 1,
  start: "now",
  run: async (key, batch) => {
    const wallet = await findWallet(batch[0].db, batch[0].key);
    if (wallet) rememberWalletId(key, wallet.id);
    return batch.map(() => wallet);
  },
});

/**
 * The id of each wallet looked at (this process). A wallet's id never changes for its
 * (merchant, mode, currency), so a payout whose wallet id is known goes straight to its
 * batch, where the reservation under the wallet's lock decides (payout-batch.ts), without
 * a look first. A wallet can go away (a test-mode data reset, perhaps in another process):
 * the batch then finds no row and says so (WalletGone), and the id is forgotten.
 */
const walletIds = new Map<string, string>();
const WALLET_IDS_MAX = 100_000;
const walletKeyOf = (input: WalletKey) => `${input.merchantId}\u0000${input.mode}\u0000${input.currency.toUpperCase()}`;

function rememberWalletId(key: string, id: string): void {
  if (walletIds.size >= WALLET_IDS_MAX) walletIds.clear();
  walletIds.set(key, id);
}

/** The wallet's id if this process has looked at it before. */
export function knownWalletId(input: WalletKey): string | undefined {
  return walletIds.get(walletKeyOf(input));
}

/** After the wallet was found gone, or this process deleted it. */
export function forgetWalletId(input: WalletKey): void {
  walletIds.delete(walletKeyOf(input));
}

/** The reservation found no wallet row for a known id: it was deleted since. */
export class WalletGone extends Error {}

/**
 * The lock-free look a payout or refund takes before reserving: under load dozens of one
 * wallet's requests ask at the same moment, and a SELECT each was the largest database
 * cost of a payout on one wallet (11,335 of them for ~7,300 requests in the benchmark).
 * A snapshot either way: the reservation under the wallet's lock is the real guard. The
 * wallet returned is shared by the callers of one SELECT: read it, do not change it.
 */
export function lookAtWallet(db: Database, input: WalletKey): Promise<Wallet | undefined> {
  const key = { merchantId: input.merchantId, mode: input.mode, currency: input.currency.toUpperCase() };
  return looks.push(walletKeyOf(key), { db, key });
}

/** Looks asked and SELECTs sent (this process), for tests and diagnostics. */
export function walletLookStats(): Readonly<{ looks: number; selects: number }> {
  const s = looks.stats();
  return { looks: s.items, selects: s.batches };
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
