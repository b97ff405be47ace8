import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";

/**
 * Incidents an operator publishes on the status page (issue 25): what is affected
 * (`affected`: `["KE:safaricom", "SN:wave"]`, catalogue pairs), how badly (`impact`), where
 * it stands (`status`), and when it was resolved. Every change is audited (audit_log).
 */
export const statusIncidents = pgTable(
  "status_incidents",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** degraded | down: what the affected networks show while the incident is open. */
    impact: text("impact").notNull(),
    /** investigating | identified | monitoring | resolved */
    status: text("status").notNull(),
    affected: jsonb("affected").$type<string[]>().notNull(),
    resolvedAt: ts("resolved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("status_incidents_created_idx").on(t.createdAt)],
);

export type StatusIncident = typeof statusIncidents.$inferSelect;
