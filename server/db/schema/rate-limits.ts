import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * Shared rate-limit counters (rate-limiter-flexible's RateLimiterDrizzle layout) when no
 * REDIS_URL is set: one row per limiter key and window, so every instance on the same
 * database enforces one limit. Rows an hour past their window are swept by the worker's retention job
 * (server/rate-limit/store.ts `sweepExpiredCounters`).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: ts("expire"),
});
