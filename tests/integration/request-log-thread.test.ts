import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { setEnv } from "../helpers/live";
import { payinRequest } from "../helpers/payments";
import { flushRequestLogs } from "@/server/request-logs/write-batch";
import { copyWriterOf } from "@/server/request-logs/copy-rows";
import { stopCopyThreads } from "@/server/request-logs/copy-thread-writer";

/**
 * Issue 23: on PostgreSQL the request log's batches leave the API's thread: a writer
 * thread with its own connection sends them (server/request-logs/copy-thread-writer.ts),
 * and when it is gone the batches go in process again, nothing lost.
 */
let app: TestApp;
let m: Awaited<ReturnType<TestApp["createMerchant"]>>;
let undo: (() => void) | undefined;

beforeAll(async () => {
  undo = setEnv({ REQUEST_LOG_THREAD: "1" });
  app = await startTestApp();
  m = await app.createMerchant();
});

afterAll(async () => {
  await stopCopyThreads();
  await app?.close();
  undo?.();
});

type Row = Record<string, unknown>;
const rowsOf = async (q: ReturnType<typeof sql>) => {
  const r = (await app.database.db.execute(q)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(r) ? r : r.rows;
};
const logged = async (probe: string) => rowsOf(sql`select request_body, status from request_logs where query = ${`probe=${probe}`}`);
const loggedWithTransaction = async (probe: string) => rowsOf(sql`select request_body, response_body, transaction_id from request_logs where query = ${`probe=${probe}`}`);
const threadConnections = async () =>
  Number((await rowsOf(sql`select count(*)::int as n from pg_stat_activity where application_name = 'sika request log' and datname = current_database()`))[0].n);

describe("the request log's writer thread", () => {
  it("sends the batches on its own connection; after it stops, they are written in process", async () => {
    if (app.database.kind !== "postgres") {
      // PGlite has no COPY (one in-process connection): the JSON statement, no thread.
      expect(copyWriterOf(app.database.db)).toBeNull();
      return;
    }
    const sent = JSON.stringify(payinRequest({ order_id: "thread-1", description: 'tab\there "q" é ✓ \\N' }));
    const first = await app.request("/api/v1/merchant/payin?probe=thread-1", { method: "POST", key: m.testApiKey, body: sent, headers: { "content-type": "application/json" } });
    expect(first.status).toBe(200);
    await flushRequestLogs();
    expect(await logged("thread-1")).toEqual([{ request_body: sent, status: 200 }]);
    expect(await threadConnections()).toBe(1);

    // The rows are built on the thread (server/request-logs/log-batch.mjs): redaction and the
    // transaction the response names happen there, as in process.
    const secret = JSON.stringify(payinRequest({ order_id: "thread-secret", description: "key sk_test_abcdef123456 here" }));
    const withSecret = await app.request("/api/v1/merchant/payin?probe=thread-secret", { method: "POST", key: m.testApiKey, body: secret, headers: { "content-type": "application/json" } });
    expect(withSecret.status).toBe(200);
    const created = withSecret.body as { data: { transaction_id: string } };
    await flushRequestLogs();
    const [row] = await loggedWithTransaction("thread-secret");
    expect(row.request_body).toBe(secret.replace("sk_test_abcdef123456", "sk_test_[redacted]"));
    expect(row.transaction_id).toBe(created.data.transaction_id);
    expect(JSON.parse(String(row.response_body)).data.transaction_id).toBe(created.data.transaction_id);

    await stopCopyThreads();
    expect(await threadConnections()).toBe(0);
    const second = await app.request("/api/v1/merchant/balances?probe=thread-2", { key: m.testApiKey });
    expect(second.status).toBe(200);
    await flushRequestLogs();
    expect(await logged("thread-2")).toEqual([{ request_body: null, status: 200 }]);
    expect(await threadConnections()).toBe(0);
  });
});
