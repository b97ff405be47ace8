import { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { AppError } from "../errors";
import { sharedLimiter, type LimiterSpec } from "../rate-limit/store";

/**
 * Abuse limits on the dashboard's unauthenticated forms (D14), on the shared store so
 * every instance counts together:
 *   sign-in failures   10 per account and 50 per client address per 15 minutes; once
 *                      spent, every attempt is refused for the rest of the window,
 *                      the right password included (otherwise the limit would be an oracle)
 *   sign-ups           10 per client address per hour (SIGNUP_LIMIT_PER_HOUR)
 *   invitation use     20 attempts per client address per hour
 * A successful sign-in clears the account's failures.
 */
const WINDOW_15_MIN = 15 * 60;
const HOUR = 3600;

export const limits = {
  signInAccount: { name: "signin-account", points: 10, duration: WINDOW_15_MIN, blockDuration: WINDOW_15_MIN },
  signInAddress: { name: "signin-address", points: 50, duration: WINDOW_15_MIN, blockDuration: WINDOW_15_MIN },
  // Read when used (not at import: `next build` loads this module without an environment).
  get signUp(): LimiterSpec {
    return { name: "signup-address", points: env().SIGNUP_LIMIT_PER_HOUR, duration: HOUR, blockDuration: HOUR };
  },
  invitation: { name: "invitation-address", points: 20, duration: HOUR, blockDuration: HOUR },
} satisfies Record<string, LimiterSpec>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

function refused(msBeforeNext: number): AppError {
  return new AppError("rate_limited", TOO_MANY_ATTEMPTS, null, { "Retry-After": String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
}

/** Throws 429 when any of the keys has spent its window. Does not count an attempt. */
export async function assertNotThrottled(checks: Array<[LimiterSpec, string]>): Promise<void> {
  for (const [spec, key] of checks) {
    const limiter = await sharedLimiter(spec);
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= spec.points) throw refused(res.msBeforeNext);
  }
}

/** Counts one failure (or attempt) against each key. */
export async function countAttempt(checks: Array<[LimiterSpec, string]>): Promise<void> {
  for (const [spec, key] of checks) {
    const limiter = await sharedLimiter(spec);
    await limiter.consume(key).catch((err: unknown) => {
      if (!(err instanceof RateLimiterRes)) throw err;
    });
  }
}

/** Counts one attempt and throws 429 if it was over the limit (sign-up, invitations). */
export async function consumeOrThrow(spec: LimiterSpec, key: string): Promise<void> {
  const limiter = await sharedLimiter(spec);
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw refused(err.msBeforeNext);
    throw err;
  }
}

export async function clearAttempts(spec: LimiterSpec, key: string): Promise<void> {
  const limiter = await sharedLimiter(spec);
  await limiter.delete(key).catch(() => {});
}

/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For entry (the
 * one our own proxy or `next start` appended; earlier entries are the client's word),
 * else X-Real-IP, else "unknown" (then all such clients share one address budget).
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined> | undefined): string {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const v = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(",") : v;
  };
  const forwarded = get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return (last || get("x-real-ip") || "unknown").slice(0, 64);
}
