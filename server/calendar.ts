/**
 * Days and instants that arrive as text (query strings, filters), read in one place.
 *
 * What is accepted is what can be stored and compared: the API writes instants as ISO 8601
 * with four-digit years, and PostgreSQL's timestamptz has no year 0 and does not read
 * JavaScript's six-digit years. Before this, `created_from=0000-01-01`, or `created_to=
 * 9999-12-31` (whose exclusive end falls in year 10000), reached the database and answered
 * 500. A day must exist: Date.parse reads 2026-02-30 as March 2nd, and `new Date("2026-13-01")`
 * is an Invalid Date whose toISOString() throws (a 500 on the statements endpoint). Every
 * time is UTC: a date alone is its UTC day, a date-time without an offset is UTC (not the
 * server's zone, which an integrator cannot know).
 */
import { z } from "./zod";

export const DAY_MS = 86_400_000;

const FIRST_MS = Date.parse("0001-01-01T00:00:00.000Z");
const LAST_MS = Date.parse("9999-12-31T23:59:59.999Z");
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An instant PostgreSQL can store and compare, and the API can write back (years 0001-9999 UTC). */
export function isStorableTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= FIRST_MS && ms <= LAST_MS;
}

/** "YYYY-MM-DD" naming a day that exists, in years 0001-9999. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return isStorableTime(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The start (00:00 UTC) of a day that isCalendarDay accepts. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** A day or an ISO 8601 date-time, as its instant (a day: its start); null when it is neither, or not storable. */
export function parseInstant(value: string): Date | null {
  if (DAY.test(value)) return isCalendarDay(value) ? dayStart(value) : null;
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDay(m[1])) return null;
  const ms = Date.parse(m[4] ? value : `${value}Z`);
  return isStorableTime(ms) ? new Date(ms) : null;
}

/**
 * The exclusive end of an inclusive upper bound (`created_to`, a day `to`): a day covers its
 * whole UTC day, a date-time its whole millisecond. Past year 9999 nothing was created, so
 * there is no end to state: undefined.
 */
export function endOfInclusive(value: string, at: Date): Date | undefined {
  const end = at.getTime() + (DAY.test(value) ? DAY_MS : 1);
  return isStorableTime(end) ? new Date(end) : undefined;
}

/** created_from / created_to of a query (checked by parseInstant) → [from, before), both optional. */
export function createdRange(from?: string, to?: string): { createdFrom?: Date; createdBefore?: Date } {
  const start = from ? parseInstant(from) : null;
  const end = to ? parseInstant(to) : null;
  return { createdFrom: start ?? undefined, createdBefore: to && end ? endOfInclusive(to, end) : undefined };
}

/** A Date input (the dashboard's filters over tRPC) held to what the database can compare. */
export const storableDate = z.date().refine((d) => isStorableTime(d.getTime()), { message: "Choose a date between the years 1 and 9999." });
