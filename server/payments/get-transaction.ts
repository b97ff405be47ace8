import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { decodeRow, rawClient } from "../db/raw";
import { ledgerEntries, transactionEvents, transactions, type LedgerEntry, type Mode, type Transaction, type TransactionEvent } from "../db/schema";
import { errors } from "../errors";

/**
 * Reading one transaction, always scoped by merchant AND mode: another merchant's id,
 * or a live id read with a test key, is simply not found (404, D4).
 */
export interface TransactionRef {
  merchantId: string;
  mode: Mode;
  id: string;
}

export const ownedBy = (merchantId: string, mode: Mode) => and(eq(transactions.merchantId, merchantId), eq(transactions.mode, mode));

const BY_ID_SQL = "select * from transactions where id = $1 and merchant_id = $2 and mode = $3 limit 1";

export async function findTransaction(db: DbOrTx, ref: TransactionRef, opts: { forUpdate?: boolean } = {}): Promise<Transaction | undefined> {
  // The status endpoint's read: a constant prepared statement on the driver when it can
  // (db/raw.ts: drizzle's per-call SQL building cost more than the lookup itself).
  const raw = opts.forUpdate ? null : rawClient(db);
  if (raw) {
    const [row] = await raw.query(BY_ID_SQL, [ref.id, ref.merchantId, ref.mode]);
    return row ? decodeRow<Transaction>(transactions, row) : undefined;
  }
  const query = db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, ref.id), ownedBy(ref.merchantId, ref.mode)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The transaction row (status endpoint, dashboard); 404 `Transaction not found` otherwise. */
export async function getTransactionDetail(db: DbOrTx, ref: TransactionRef): Promise<Transaction> {
  const row = await findTransaction(db, ref);
  if (!row) throw errors.transactionNotFound();
  return row;
}

/** By transaction id, or else the merchant's most recent transaction with that order_id (D11). */
export async function getTransactionByReference(db: DbOrTx, input: { merchantId: string; mode: Mode; reference: string }): Promise<Transaction> {
  const byId = await findTransaction(db, { merchantId: input.merchantId, mode: input.mode, id: input.reference });
  if (byId) return byId;
  const [byOrder] = await db
    .select()
    .from(transactions)
    .where(and(ownedBy(input.merchantId, input.mode), eq(transactions.orderId, input.reference)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  if (!byOrder) throw errors.transactionNotFound();
  return byOrder;
}

/** The status timeline (created, then each change), oldest first. */
export async function getTransactionTimeline(db: DbOrTx, ref: TransactionRef): Promise<TransactionEvent[]> {
  await getTransactionDetail(db, ref);
  return db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, ref.id))
    .orderBy(asc(transactionEvents.createdAt), asc(transactionEvents.id));
}

/** The ledger entries the transaction caused (reserve, settle or release, payin credit). */
export async function getTransactionLedgerEntries(db: DbOrTx, ref: TransactionRef): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, ref.id), eq(ledgerEntries.merchantId, ref.merchantId), eq(ledgerEntries.mode, ref.mode)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}
