import { index, integer, pgTable, real, text } from "drizzle-orm/pg-core";
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
    id: text("id").primaryKey(),
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
    // Lists read newest first by id (ULIDs sort by time); retention deletes by id range too
    // (server/request-logs/retention.ts), so no created_at index costs every insert.
    index("request_logs_merchant_idx").on(t.merchantId, t.mode, t.id),
    index("request_logs_transaction_idx").on(t.transactionId).where(sql`${t.transactionId} is not null`),
  ],
);

export type RequestLog = typeof requestLogs.$inferSelect;
