import { afterAll, describe, expect, it } from "vitest";
import { createdRange, isCalendarDay, parseInstant } from "@/server/calendar";

/**
 * Query dates (server/calendar.ts). The server's time zone must not change what a filter
 * means: this file runs in Nairobi's (UTC+3), where `new Date("2026-12-01T10:00")` is 07:00 UTC.
 */
const zone = process.env.TZ;
process.env.TZ = "Africa/Nairobi";
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("calendar", () => {
  it("runs in a zone other than UTC (or the next test could not fail)", () => {
    expect(new Date(2026, 11, 1, 10).getUTCHours()).toBe(7);
  });

  it("reads a date-time without an offset as UTC, not as the server's zone", () => {
    expect(parseInstant("2026-12-01T10:00")?.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(parseInstant("2026-12-01 10:00:30.5")?.toISOString()).toBe("2026-12-01T10:00:30.500Z");
    expect(parseInstant("2026-12-01T10:00:00+01:00")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(parseInstant("2026-12-01")?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("takes only days that exist, in years 1 to 9999", () => {
    expect(["2026-02-28", "2028-02-29", "0001-01-01", "9999-12-31"].filter(isCalendarDay)).toHaveLength(4);
    expect(["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "0000-01-01", "26-1-1", "2026-1-01"].filter(isCalendarDay)).toEqual([]);
    expect(parseInstant("2026-02-30T10:00:00Z")).toBeNull();
    expect(parseInstant("0001-01-01T01:00:00+05:00")).toBeNull();
  });

  it("ends an inclusive day where the next starts, a date-time a millisecond on, and the last day with no end", () => {
    expect(createdRange("2026-12-01", "2026-12-01")).toEqual({ createdFrom: new Date("2026-12-01T00:00:00Z"), createdBefore: new Date("2026-12-02T00:00:00Z") });
    expect(createdRange(undefined, "2026-12-01T10:00:00Z").createdBefore?.toISOString()).toBe("2026-12-01T10:00:00.001Z");
    expect(createdRange(undefined, "9999-12-31")).toEqual({ createdFrom: undefined, createdBefore: undefined });
  });
});
