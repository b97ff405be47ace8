import { integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * The status page's history: per hour and per country, network and direction, the worst
 * availability seen (0 up, 1 degraded, 2 down) and how many samples of each the worker
 * took (server/status/samples.ts). Several processes sample the same hour: one row, merged.
 */
export const statusSamples = pgTable(
  "status_samples",
  {
    hour: ts("hour").notNull(),
    countryCode: text("country_code").notNull(),
    network: text("network").notNull(),
    /** payin | payout */
    direction: text("direction").notNull(),
    worst: smallint("worst").notNull(),
    samples: integer("samples").notNull(),
    degradedSamples: integer("degraded_samples").notNull(),
    downSamples: integer("down_samples").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.countryCode, t.network, t.direction] })],
);
