import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";

/**
 * Statements issued concurrently on one transaction's connection wait in our queue
 * (server/db/serial-queries.ts), not in node-postgres' own, which pg@9 removes: the
 * lifecycle job's group does this on purpose (its live-rail rows call their operators at
 * once). Same order, same results, and a failing statement does not stall the ones after it.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolMax: 2 });
});
afterAll(async () => {
  await database?.destroy();
});

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows);
/** The connection under a drizzle node-postgres transaction, and pg's own queue on it. */
const pgQueueOf = (tx: unknown): unknown[] => (tx as { session: { client: { _queryQueue: unknown[] } } }).session.client._queryQueue;

describe("concurrent statements on one connection", () => {
  it("run one after the other in the order issued, none left in node-postgres' queue", async () => {
    if (database.kind !== "postgres") {
      // PGlite is one in-process connection with its own lock (db/pglite-lock.ts).
      expect(database.kind).toBe("pglite");
      return;
    }
    const seen = await database.db.transaction(async (tx) => {
      // A drizzle query is sent when awaited: Promise.resolve sends each at once.
      const started = [1, 2, 3, 4, 5].map((i) => Promise.resolve(tx.execute(sql`select ${i}::int as i, clock_timestamp() as at, pg_sleep(0.02)`)));
      await new Promise((resolve) => setImmediate(resolve));
      // Without our queue, pg holds the last four here and warns that pg@9 will refuse them.
      expect(pgQueueOf(tx)).toHaveLength(0);
      return (await Promise.all(started)).map((r) => rowsOf(r)[0]);
    });
    expect(seen.map((r) => Number(r.i))).toEqual([1, 2, 3, 4, 5]);
    const at = seen.map((r) => new Date(String(r.at)).getTime());
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("a failing statement fails alone in its promise; the ones queued after it still get their answer", async () => {
    if (database.kind !== "postgres") return expect(database.kind).toBe("pglite");
    const outcomes = await database.db
      .transaction(async (tx) => {
        const all = await Promise.allSettled([
          tx.execute(sql`select 1 as n`),
          tx.execute(sql`select 1 / 0 as n`),
          tx.execute(sql`select 3 as n`),
        ]);
        throw Object.assign(new Error("roll back"), { all });
      })
      .catch((err: { all: PromiseSettledResult<unknown>[] }) => err.all);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason?.cause?.message ?? (outcomes[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    // PostgreSQL refuses what follows an error inside a transaction, and says so: not a hang.
    expect(String((outcomes[2] as PromiseRejectedResult).reason?.cause?.message ?? (outcomes[2] as PromiseRejectedResult).reason)).toMatch(/current transaction is aborted/);
    // The connection went back to the pool usable.
    expect(rowsOf(await database.db.execute(sql`select 4 as n`))[0].n).toBe(4);
  });
});
