import type { Database } from "../db/client";
import { coalescer } from "../db/coalesce";
import { columnNames, decodeColumns, rawClient } from "../db/raw";
import { transactions } from "../db/schema";
import { errors } from "../errors";
import { STATUS_VIEW_COLUMNS, transactionStatusView, type StatusViewRow, type TransactionStatusView } from "./api-views";
import { getTransactionDetail, type TransactionRef } from "./get-transaction";

/**
 * The status endpoint's read (GET /merchant/transactions/{id}, 2.3), coalesced: reads of
 * this process that arrive while up to MAX_READS reads are running go together in the
 * next one, ONE statement for all of them (ids, merchants and modes as arrays), as the
 * payin batch does for writes. The issue 13 profile showed the database driver's per-query
 * work (protocol, socket write, result set up) as the largest part of a status read's
 * CPU, and PostgreSQL's per-statement cost as the ceiling: both are paid per statement.
 *
 * Same answers as one query per read: each read is scoped by merchant AND mode in SQL
 * (another merchant's id, or a live id read with a test key, is not found: 404, D4), and
 * starts after its request arrived, so whatever committed before is seen. A read goes
 * at the end of the event-loop turn it arrived in (setImmediate), with the others of
 * that turn; a lone read waits no timer. Only the columns the view shows are fetched.
 * An error of the statement (database away) is every waiter's, each answering it as
 * before (503). Without a raw client (inside a transaction) it is the plain lookup.
 * The queueing is the house's one batcher (server/db/coalesce.ts).
 */
const reads = coalescer<Database, TransactionRef, StatusViewRow | undefined>({
  name: "statusReads",
  maxRunning: 2,
  maxBatch: 500,
  run: async (db, refs) => {
    const rows = await rawClient(db)!.query(READ_SQL, [refs.map((r) => r.id), refs.map((r) => r.merchantId), refs.map((r) => r.mode)]);
    const found: Array<StatusViewRow | undefined> = new Array(refs.length);
    // n: the 1-based position of the read in the arrays (ordinality).
    for (const r of rows) found[Number(r.n) - 1] = decodeColumns<StatusViewRow>(transactions, r, STATUS_VIEW_COLUMNS);
    return found;
  },
});

/** Counters for benchmarks and tests (this process): reads, statements, largest batch. */
export function statusReadStats(): Readonly<{ reads: number; statements: number; largest: number }> {
  const s = reads.stats();
  return { reads: s.items, statements: s.batches, largest: s.largest };
}

const READ_SQL = `
  select k.n, ${columnNames(transactions, [...STATUS_VIEW_COLUMNS])
    .map((c) => `t.${c}`)
    .join(", ")}
    from unnest($1::text[], $2::text[], $3::text[]) with ordinality as k(id, merchant_id, mode, n)
    join transactions t on t.id = k.id and t.merchant_id = k.merchant_id and t.mode::text = k.mode`;

/** The 2.3 view of one transaction of this merchant and mode; 404 `Transaction not found` otherwise. */
export async function getTransactionStatus(db: Database, ref: TransactionRef): Promise<TransactionStatusView> {
  if (!rawClient(db)) return transactionStatusView(await getTransactionDetail(db, ref));
  const row = await reads.push(db, ref);
  if (!row) throw errors.transactionNotFound();
  return transactionStatusView(row);
}
