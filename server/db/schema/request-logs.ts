import { index, integer, pgTable, primaryKey, real, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, modeEnum } from "./columns";

/**
 * One row per authenticated /api/v1 request (issue 23): what the integrator sent and what
 * it got back, secrets removed (server/http/request-log.ts). Written in batches off the
 * request path; kept 30 days (server/request-logs/retention.ts drops older days). No
 * foreign keys: a log row must never make the batch insert wait on, or fail for, a lock.
 */
export const requestLogs = pgTable(
  "request_logs",
  {
    id: text("id").notNull(),
    merchantId: text("merchant_id").notNull(),
    mode: modeEnum("mode").notNull(),
    apiKeyId: text("api_key_id").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** The query string without its `?` ("" when none). */
    query: text("query").notNull().default(""),
    status: integer("status").notNull(),
    durationMs: real("duration_ms").notNull(),
    requestId: text("request_id").notNull(),
    idempotencyKey: text("idempotency_key"),
    clientAddress: text("client_address"),
    /** Redacted, at most 16 KB; null when the request had no body. */
    requestBody: text("request_body"),
    responseBody: text("response_body"),
    /** The transaction the request touched (path id, or the id the response names). */
    transactionId: text("transaction_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // Every read is one merchant's, in one mode, newest first by id (ULIDs sort by time): the
    // primary key is that order, so a row costs two B-tree inserts, not three (a separate key
    // on id alone was the third; docs/benchmarks.md, 2026-12-06). Retention deletes by id
    // range across merchants (server/request-logs/retention.ts) through a BRIN on id: rows
    // arrive in id order, so its page ranges find old rows at almost no cost per insert.
    primaryKey({ name: "request_logs_pkey", columns: [t.merchantId, t.mode, t.id] }),
    index("request_logs_id_brin").using("brin", t.id).with({ autosummarize: true }),
    index("request_logs_transaction_idx").on(t.transactionId).where(sql`${t.transactionId} is not null`),
  ],
);

export type RequestLog = typeof requestLogs.$inferSelect;
