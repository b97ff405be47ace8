import { describe, expect, it } from "vitest";
import { batchOf } from "@/server/http/rate-limit";

/** Points each process takes from the shared per-key counter at a time (server/http/rate-limit.ts). */
describe("rate limit batches", () => {
  it("stay 10 up to 1,000/s, then 1 % of the limit, at most 100, never above the limit", () => {
    expect(batchOf(5)).toBe(5);
    expect(batchOf(20)).toBe(10);
    expect(batchOf(200)).toBe(10); // the default limit
    expect(batchOf(1_000)).toBe(10);
    expect(batchOf(5_000)).toBe(50);
    expect(batchOf(10_000)).toBe(100);
    expect(batchOf(100_000_000)).toBe(100);
    // What a key may lose per instance: batch - 1, at most 1 % of the limit past 1,000/s.
    for (const limit of [1_000, 2_345, 10_000, 50_000, 1_000_000]) expect((batchOf(limit) - 1) / limit).toBeLessThanOrEqual(0.01);
  });
});
