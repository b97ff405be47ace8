import { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { errors } from "../errors";
import { sharedLimiter } from "../rate-limit/store";

/**
 * Per API key: RATE_LIMIT_PER_SECOND requests a second across every instance (D14), the
 * counter living in the shared store (Redis or the database).
 *
 * A store round trip per request would dominate the hot path, so each process takes
 * its allowance from the shared counter in batches (`batchOf(limit)` points at a time,
 * per key and one-second window) and spends it locally. The shared counter therefore
 * runs ahead of the requests actually served by at most batch-1 per instance and key:
 * with N instances a key gets between limit - N*(batch-1) and limit requests a second,
 * never more. A batch refused because fewer than batch points were left still hands out
 * whatever remained, so a single instance reaches the exact limit.
 *
 * The batch is 10 points up to a limit of 1,000/s (the default limit, 200/s, included)
 * and 1 % of the limit above, at most 100: a store round trip every 10 requests was as
 * many queries as the payins themselves cost in the issue 13 profile, while a key allowed
 * 10,000/s loses at most 1 % of it per instance.
 */
export function batchOf(limit: number): number {
  return Math.min(limit, Math.max(10, Math.min(100, Math.floor(limit / 100))));
}

interface Allowance {
  /** Start of the shared window this allowance belongs to (ms). */
  windowEnd: number;
  left: number;
  /** The shared window is spent: refuse until windowEnd without asking the store. */
  exhausted: boolean;
  pending?: Promise<void>;
}

const ALLOWANCES = Symbol.for("sika.apiKeyAllowances");
const g = globalThis as unknown as { [ALLOWANCES]?: Map<string, Allowance> };

function spec() {
  return { name: "api-key", points: env().RATE_LIMIT_PER_SECOND, duration: 1 };
}

async function refill(subject: string, a: Allowance): Promise<void> {
  const limiter = await sharedLimiter(spec());
  const limit = env().RATE_LIMIT_PER_SECOND;
  const take = batchOf(limit);
  try {
    const res = await limiter.consume(subject, take);
    a.windowEnd = Date.now() + res.msBeforeNext;
    a.left += take;
    a.exhausted = false;
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const before = res.consumedPoints - take;
    a.windowEnd = Date.now() + res.msBeforeNext;
    a.left += Math.max(0, limit - before);
    a.exhausted = true;
  }
}

/**
 * Spends one point of `subject`'s allowance: synchronously (undefined) while the local
 * allowance lasts, a promise when the shared store must be asked (or the 429 thrown).
 */
export function enforceRateLimit(subject: string): Promise<void> | undefined {
  const map = (g[ALLOWANCES] ??= new Map());
  let a = map.get(subject);
  const now = Date.now();
  if (!a || now >= a.windowEnd) {
    a = { windowEnd: now + 1000, left: 0, exhausted: false };
    map.set(subject, a);
    if (map.size > 10_000) for (const [k, v] of map) if (v.windowEnd <= now) map.delete(k);
  }
  if (a.left > 0) {
    a.left--;
    return undefined;
  }
  return takeFromStore(subject, a);
}

async function takeFromStore(subject: string, a: Allowance): Promise<void> {
  while (a.left <= 0) {
    if (a.exhausted) throw errors.rateLimited(Math.max(1, Math.ceil((a.windowEnd - Date.now()) / 1000)));
    // One refill at a time per key: concurrent requests wait for it instead of each asking the store.
    a.pending ??= refill(subject, a).finally(() => {
      a.pending = undefined;
    });
    await a.pending;
    if (Date.now() >= a.windowEnd && a.left <= 0) {
      a.windowEnd = Date.now() + 1000;
      a.exhausted = false;
    }
  }
  a.left--;
}

/** Tests: forget local allowances (e.g. after swapping the database). */
export function clearRateLimitAllowances(): void {
  g[ALLOWANCES]?.clear();
}
