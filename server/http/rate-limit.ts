import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../env";
import { errors } from "../errors";

/**
 * Per API key, per process: RATE_LIMIT_PER_SECOND requests a second. In-memory keeps
 * the hot path free of a network hop; with several processes the effective limit is
 * per process, which we document.
 */
const KEY = Symbol.for("sika.rateLimiter");
const g = globalThis as unknown as { [KEY]?: RateLimiterMemory };

function limiter(): RateLimiterMemory {
  return (g[KEY] ??= new RateLimiterMemory({ points: env().RATE_LIMIT_PER_SECOND, duration: 1 }));
}

export async function enforceRateLimit(subject: string): Promise<void> {
  try {
    await limiter().consume(subject);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw errors.rateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    throw res;
  }
}
