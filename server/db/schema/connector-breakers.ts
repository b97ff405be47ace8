import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts, updatedAt } from "./columns";

/**
 * Circuit breakers of the live routes (D19), shared by every instance of the service when
 * REDIS_URL is not set: one row per route, network and country (`pawapay:orange:CI`).
 * Consecutive unknown-outcome failures open it; every instance reads the same row, so a
 * fleet fails over together (server/connectors/breaker-store.ts).
 */
export const connectorBreakers = pgTable("connector_breakers", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  openedAt: ts("opened_at"),
  /** The last operator errors met on this route (newest first, a few). */
  lastErrors: jsonb("last_errors").$type<Array<{ at: string; message: string; requestId: string | null }>>().notNull().default([]),
  updatedAt: updatedAt(),
});
