import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { enqueueRequestLog, flushRequestLogs, type RequestLogEntry } from "@/server/request-logs/write-batch";
import { copyWriterOf } from "@/server/request-logs/copy-rows";
import { MAX_BODY_CHARS } from "@/server/request-logs/redact.mjs";

/**
 * The request log stores what it was given, whichever writer the database has: PostgreSQL's
 * binary COPY (server/request-logs/copy-binary.mjs: lengths, byte order, the timestamp's
 * microseconds since 2000 in two halves) or PGlite's JSON statement. Every column type is
 * read back: text with the characters the text format had to escape and a surrogate pair,
 * NUL (left out: PostgreSQL text cannot hold it), NULLs, the integer and the real,
 * timestamps on both sides of 2000-01-01 to the millisecond, and bodies large enough to
 * grow the writer's buffer.
 */
let app: TestApp;
let merchantId: string;

beforeAll(async () => {
  app = await startTestApp();
  merchantId = (await app.createMerchant()).merchantId;
});

afterAll(async () => {
  await app?.close();
});

type Row = Record<string, unknown>;
async function stored(apiKeyId: string): Promise<Row[]> {
  const r = (await app.database.db.execute(sql`
    select mode::text as mode, method, path, query, status, duration_ms, request_id, idempotency_key, client_address,
           request_body, response_body, transaction_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from request_logs where merchant_id = ${merchantId} and api_key_id = ${apiKeyId} order by request_id`)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(r) ? r : r.rows;
}

function entry(over: Partial<RequestLogEntry>): RequestLogEntry {
  return {
    merchantId,
    mode: "test",
    apiKeyId: "key_values",
    method: "GET",
    path: "/api/v1/merchant/balances",
    query: "",
    status: 200,
    durationMs: 1,
    requestId: "req_values_0",
    idempotencyKey: null,
    clientAddress: null,
    requestText: undefined,
    responseText: undefined,
    at: new Date(),
    ...over,
  };
}

describe("request log values, stored as given", () => {
  it("round-trips every column type through the database's writer", async () => {
    const db = app.database.db;
    // Which writer this run checks: the binary COPY on PostgreSQL, the JSON statement on PGlite.
    expect(copyWriterOf(db) === null).toBe(app.database.kind !== "postgres");
    const awkward = 'tab\there, newline\nand \\N, "quotes", é ✓ 😀';
    const bigBody = JSON.stringify({ note: "é".repeat(MAX_BODY_CHARS + 500) });
    const entries = [
      entry({
        mode: "live",
        method: "POST",
        path: "/api/v1/merchant/payin",
        query: "a=1&b=\u0000x",
        status: 422,
        durationMs: 3.25,
        requestId: "req_values_1",
        idempotencyKey: "idem\u0000-✓",
        clientAddress: "2001:db8::1",
        requestText: `{"description":${JSON.stringify(awkward)}}`,
        responseText: '{"status":"error","message":"Validation failed","data":{"transaction_id":"pi_01KBQ3R8Y2Z4N6P8R0T2V4X6Z8"}}',
        at: new Date(Date.UTC(2026, 11, 6, 3, 4, 5, 678)),
      }),
      entry({ requestId: "req_values_2", durationMs: Number.NaN, at: new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)) }),
      entry({ requestId: "req_values_3", method: "POST", requestText: bigBody, responseText: bigBody, at: new Date(Date.UTC(2000, 0, 1)) }),
    ];
    for (const e of entries) enqueueRequestLog(db, e);
    await flushRequestLogs();

    const rows = await stored("key_values");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      mode: "live",
      method: "POST",
      path: "/api/v1/merchant/payin",
      query: "a=1&b=x",
      status: 422,
      duration_ms: 3.25,
      request_id: "req_values_1",
      idempotency_key: "idem-✓",
      client_address: "2001:db8::1",
      request_body: `{"description":${JSON.stringify(awkward)}}`,
      response_body: '{"status":"error","message":"Validation failed","data":{"transaction_id":"pi_01KBQ3R8Y2Z4N6P8R0T2V4X6Z8"}}',
      transaction_id: "pi_01KBQ3R8Y2Z4N6P8R0T2V4X6Z8",
      created_at: "2026-12-06T03:04:05.678Z",
    });
    expect(rows[1]).toMatchObject({ mode: "test", duration_ms: 0, idempotency_key: null, client_address: null, request_body: null, response_body: null, transaction_id: null, created_at: "1999-12-31T23:59:59.999Z" });
    const capped = `${bigBody.slice(0, MAX_BODY_CHARS)}…[truncated]`;
    expect(rows[2]).toMatchObject({ request_body: capped, response_body: capped, created_at: "2000-01-01T00:00:00.000Z" });
  });
});
