import type { Database } from "../db/client";
import { columnNames, decodeColumns, rawClient, type RawClient } from "../db/raw";
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
 */
const MAX_READS = 2;
const MAX_BATCH = 500;

interface Waiting {
  ref: TransactionRef;
  resolve(row: StatusViewRow | undefined): void;
  reject(err: unknown): void;
}
interface Queue {
  waiting: Waiting[];
  running: number;
  scheduled: boolean;
}
const KEY = Symbol.for("sika.statusReads");
const g = globalThis as unknown as { [KEY]?: Map<Database, Queue> };
const queues = (g[KEY] ??= new Map());

const stats = { reads: 0, statements: 0, largest: 0 };
/** Counters for benchmarks and tests (this process): reads, statements, largest batch. */
export function statusReadStats(): Readonly<typeof stats> {
  return { ...stats };
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
  let q = queues.get(db);
  if (!q) queues.set(db, (q = { waiting: [], running: 0, scheduled: false }));
  const queue = q;
  const row = await new Promise<StatusViewRow | undefined>((resolve, reject) => {
    queue.waiting.push({ ref, resolve, reject });
    // At the end of this event-loop turn: the reads that arrived in it go together.
    if (queue.running < MAX_READS && !queue.scheduled) {
      queue.scheduled = true;
      setImmediate(() => {
        queue.scheduled = false;
        if (queue.running < MAX_READS) void drain(rawClient(db)!, queue);
      });
    }
  });
  if (!row) throw errors.transactionNotFound();
  return transactionStatusView(row);
}

async function drain(raw: RawClient, q: Queue): Promise<void> {
  q.running++;
  try {
    while (q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      stats.reads += batch.length;
      stats.statements++;
      stats.largest = Math.max(stats.largest, batch.length);
      try {
        const rows = await raw.query(READ_SQL, [batch.map((w) => w.ref.id), batch.map((w) => w.ref.merchantId), batch.map((w) => w.ref.mode)]);
        const found: Array<StatusViewRow | undefined> = new Array(batch.length);
        // n: the 1-based position of the read in the arrays (ordinality).
        for (const r of rows) found[Number(r.n) - 1] = decodeColumns<StatusViewRow>(transactions, r, STATUS_VIEW_COLUMNS);
        batch.forEach((w, i) => w.resolve(found[i]));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
  } finally {
    q.running--;
  }
}
