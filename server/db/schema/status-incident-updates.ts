import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { statusIncidents } from "./status-incidents";

/** The timeline of an incident: each status it went through, with the operator's words. */
export const statusIncidentUpdates = pgTable(
  "status_incident_updates",
  {
    id: text("id").primaryKey(),
    incidentId: text("incident_id")
      .notNull()
      .references(() => statusIncidents.id),
    status: text("status").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("status_incident_updates_incident_idx").on(t.incidentId, t.createdAt)],
);

export type StatusIncidentUpdate = typeof statusIncidentUpdates.$inferSelect;
