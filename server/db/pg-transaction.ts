import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";

/** What drizzle keeps on its session (private in its types). */
interface SessionInternals {
  dialect: unknown;
  schema: unknown;
  options: unknown;
  transaction: unknown;
}

interface Transaction {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  getTransactionConfigSQL(config: PgTransactionConfig): ReturnType<typeof sql>;
}

/**
 * drizzle-orm 0.45's node-postgres `transaction()` checks a client out of the pool and sends
 * BEGIN *before* the try/finally that releases it: a BEGIN that fails (the database
 * restarting, the connection cut) never gives its client back. During PostgreSQL restarts
 * the worker's transactions lost their clients this way until its pool was empty, and every
 * later job failed with "timeout exceeded when trying to connect": payins stayed pending and
 * webhooks undelivered after the database was back (tests/reliability/db-failover.test.ts,
 * the CI run of 2026-11-29). This is drizzle's method with BEGIN moved inside the try; the
 * rest (COMMIT, ROLLBACK, which error is thrown) is unchanged, and a dead client is dropped by
 * pg-pool on release (it checks `_queryable`).
 */
export function releaseClientWhenBeginFails(db: unknown, pool: { connect(): Promise<unknown> }): void {
  const session = (db as { session: SessionInternals }).session;
  const { dialect, schema, options } = session;
  session.transaction = async function transaction<T>(body: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    const client = (await pool.connect()) as { release(err?: Error): void };
    const txSession = new NodePgSession(client as never, dialect as never, schema as never, options as never);
    const tx = new NodePgTransaction(dialect as never, txSession, schema as never) as unknown as Transaction;
    try {
      await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
      try {
        const result = await body(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`);
        throw error;
      }
    } finally {
      client.release();
    }
  } as never;
}
