import { bigint, pgEnum, timestamp } from "drizzle-orm/pg-core";
import { MODES } from "../../vocabulary";

/** Shared column builders, so every table spells times and money the same way. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date", precision: 6 }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date", precision: 6 }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 6 });
/** Integer hundredths of the currency unit. */
export const money = (name: string) => bigint(name, { mode: "bigint" });

export const modeEnum = pgEnum("mode", MODES);
export type Mode = (typeof modeEnum.enumValues)[number];
