import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "@/server/db/client";
import { startFaultProxy, type FaultProxy } from "../helpers/pg-fault-proxy";

/**
 * A transaction whose BEGIN fails gives its connection back (server/db/pg-transaction.ts).
 * drizzle's own method lost it: with a pool of one, the next transaction then waited out
 * the connect timeout ("timeout exceeded when trying to connect"), and during PostgreSQL
 * restarts the worker's pool emptied for good (tests/reliability/db-failover.test.ts).
 * PostgreSQL only: the connection is cut by a TCP proxy as the BEGIN is sent.
 */
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let proxy: FaultProxy;
let handle: DatabaseHandle;

beforeAll(async () => {
  proxy = await startFaultProxy(url);
  handle = await openPostgres(proxy.url, 1);
});

afterAll(async () => {
  await handle?.close();
  await proxy?.close();
});

describe("a failed BEGIN", () => {
  it("releases its connection: the next transaction on a pool of one gets one", { timeout: 30_000 }, async () => {
    await handle.db.execute(sql`select 1`);
    const cut = proxy.cutNext(/begin/i, "before");
    await expect(handle.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    await cut;
    const rows = await handle.db.transaction(async (tx) => tx.execute(sql`select 41 + 1 as answer`));
    expect((rows as unknown as { rows: Array<{ answer: number }> }).rows[0].answer).toBe(42);
  });

  it("and a transaction that fails inside still rolls back and gives its connection back", async () => {
    await expect(handle.db.transaction(async (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    const rows = await handle.db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
    expect((rows as unknown as { rows: Array<{ one: number }> }).rows[0].one).toBe(1);
  });
});
