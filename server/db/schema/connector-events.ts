import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Signed operator events already processed (Wave webhooks), kept in the database so a
 * replay is refused by every instance, not only the one that saw the original.
 */
export const connectorEvents = pgTable(
  "connector_events",
  {
    operator: text("operator").notNull(),
    eventId: text("event_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.operator, t.eventId] })],
);
