import { RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { AppError } from "../errors";
import { sharedLimiter, type LimiterSpec } from "../rate-limit/store";

/**
 * Abuse limits on the dashboard's unauthenticated forms (D14, issue 19 §3/§9), on the
 * shared store so every instance counts together.
 *
 * Password checks (sign-in, the current password of a password change; issue 22's TOTP
 * codes take the same road) back off progressively instead of locking: per account 5 free
 * attempts, then one attempt per 2, 4, 8… seconds up to 60 s; per client address 20 free,
 * then 2, 4, 8… seconds up to 15 min. Nobody can lock an account for long (the worst a
 * stranger achieves is a minute's wait for the owner), and guessing stays slow. Every
 * attempt is counted atomically BEFORE the password is verified (`consumeAttempt`), so
 * 25 concurrent guesses cannot all reach scrypt: past the free ones only one at a time
 * gets through the gate. A success clears the account's count; on the address it only gives
 * back its own point (signing into one's own account must not reset an attacker's address).
 *
 *   sign-ups           10 per client address per hour (SIGNUP_LIMIT_PER_HOUR)
 *   invitation use     20 attempts per client address per hour
 */
const HOUR = 3600;

/** A progressive backoff: `free` attempts per window, then a gate that opens after 2^k seconds. */
export interface BackoffSpec {
  name: string;
  /** Attempts before any wait. */
  free: number;
  /** The longest wait between two attempts past the free ones. */
  maxDelaySeconds: number;
  /** Attempts are forgotten this long after the first one of a run. */
  windowSeconds: number;
  /** A success forgets the key's attempts (accounts: yes; addresses: no, or signing into one's own account would reset it). */
  clearOnSuccess: boolean;
}

export const backoffs = {
  signInAccount: { name: "signin-account", free: 5, maxDelaySeconds: 60, windowSeconds: HOUR, clearOnSuccess: true },
  signInAddress: { name: "signin-address", free: 20, maxDelaySeconds: 15 * 60, windowSeconds: HOUR, clearOnSuccess: false },
} satisfies Record<string, BackoffSpec>;

export const limits = {
  // Read when used (not at import: `next build` loads this module without an environment).
  get signUp(): LimiterSpec {
    return { name: "signup-address", points: env().SIGNUP_LIMIT_PER_HOUR, duration: HOUR, blockDuration: HOUR };
  },
  invitation: { name: "invitation-address", points: 20, duration: HOUR, blockDuration: HOUR },
} satisfies Record<string, LimiterSpec>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a moment and try again.";

function refused(msBeforeNext: number): AppError {
  return new AppError("rate_limited", TOO_MANY_ATTEMPTS, null, { "Retry-After": String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
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

const counterSpec = (b: BackoffSpec): LimiterSpec => ({ name: b.name, points: 1_000_000, duration: b.windowSeconds });
/** The gate: one attempt at a time once the free ones are spent; closed for the delay after a failure. */
const gateSpec = (b: BackoffSpec): LimiterSpec => ({ name: `${b.name}-gate`, points: 1, duration: 10 });

/** The wait after the n-th failure past the free ones (n ≥ 1): 2^n seconds, at most maxDelaySeconds. */
export function backoffDelaySeconds(spec: BackoffSpec, failuresPastFree: number): number {
  return Math.min(spec.maxDelaySeconds, 2 ** Math.min(30, Math.max(1, failuresPastFree)));
}

/** One counted attempt: say how it went, so the key's backoff moves on or clears. */
export interface Attempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt against `key` atomically and throws 429 (with Retry-After) when the
 * key must wait: call it BEFORE the expensive or secret check, then `failed()` or
 * `succeeded()`. A refused attempt is not counted.
 */
export async function consumeAttempt(spec: BackoffSpec, key: string): Promise<Attempt> {
  const counter = await sharedLimiter(counterSpec(spec));
  const gate = await sharedLimiter(gateSpec(spec));
  const n = (await counter.consume(key).catch((err: unknown) => (err instanceof RateLimiterRes ? err : Promise.reject(err)))).consumedPoints;
  const gated = n > spec.free;
  if (gated) {
    try {
      await gate.consume(key);
    } catch (err) {
      await counter.reward(key, 1).catch(() => {});
      if (err instanceof RateLimiterRes) throw refused(err.msBeforeNext);
      throw err;
    }
  }
  return {
    async failed() {
      // From the free ones' last failure on, every failure closes the gate for a longer wait.
      // The count is read again: `n` included concurrent attempts refused (and given back) since.
      const failures = (await counter.get(key))?.consumedPoints ?? n;
      if (failures >= spec.free) await gate.block(key, backoffDelaySeconds(spec, failures - spec.free + 1));
    },
    async succeeded() {
      if (spec.clearOnSuccess) {
        await counter.delete(key).catch(() => {});
        await gate.delete(key).catch(() => {});
        return;
      }
      // The attempt was counted before the check; a success gives its point back (an office
      // behind one address signs in all day) and opens the gate it held.
      await counter.reward(key, 1).catch(() => {});
      if (gated) await gate.delete(key).catch(() => {});
    },
  };
}

/** Forgets a key's attempts and opens its gate (a password reset clears the account's sign-in backoff). */
export async function forgetAttempts(spec: BackoffSpec, key: string): Promise<void> {
  await (await sharedLimiter(counterSpec(spec))).delete(key).catch(() => {});
  await (await sharedLimiter(gateSpec(spec))).delete(key).catch(() => {});
}

/** consumeAttempt for several keys (account and address): all or none are counted. */
export async function consumeAttempts(checks: Array<[BackoffSpec, string]>): Promise<Attempt> {
  const taken: Attempt[] = [];
  try {
    for (const [spec, key] of checks) taken.push(await consumeAttempt(spec, key));
  } catch (err) {
    // The first keys were counted for an attempt that will not happen: give them back.
    await Promise.all(checks.slice(0, taken.length).map(async ([spec, key]) => (await sharedLimiter(counterSpec(spec))).reward(key, 1).catch(() => {})));
    throw err;
  }
  return {
    failed: async () => void (await Promise.all(taken.map((a) => a.failed()))),
    succeeded: async () => void (await Promise.all(taken.map((a) => a.succeeded()))),
  };
}

/** Moved to client-address.ts (issue 19 §4: the socket address unless TRUSTED_PROXIES); same signature. */
export { clientAddress } from "./client-address";
