import type { LimiterSpec } from "../rate-limit/store";
import type { BackoffSpec } from "./throttle";
import { env } from "../env";

/**
 * Abuse limits of the account flows (issue 22), counted on the shared store through the
 * same throttle API as the password (server/auth/throttle.ts):
 *   two-factor codes      a progressive backoff like the password's (issue 19 §9): 5 free
 *                         wrong codes per account and 20 per client address, then 2^n s
 *                         between attempts (at most 15 minutes), counted before the check
 *   reset requests        5 per address typed and 20 per client address per hour
 *   reset / verify links  30 submissions per client address per hour (ACCOUNT_LINK_LIMIT_PER_HOUR)
 *   verification resends  5 per account per hour
 */
const WINDOW_15_MIN = 15 * 60;
const HOUR = 3600;

export const accountLimits = {
  resetRequestEmail: { name: "reset-email", points: 5, duration: HOUR, blockDuration: HOUR },
  resetRequestAddress: { name: "reset-address", points: 20, duration: HOUR, blockDuration: HOUR },
  // Read when used, as the sign-up limit is (throttle.ts): the setting is the environment's at that moment.
  get linkAddress(): LimiterSpec {
    return { name: "account-link-address", points: env().ACCOUNT_LINK_LIMIT_PER_HOUR, duration: HOUR, blockDuration: HOUR };
  },
  verificationResend: { name: "verify-resend", points: 5, duration: HOUR, blockDuration: HOUR },
} satisfies Record<string, LimiterSpec>;

export const twoFactorBackoffs = {
  account: { name: "2fa-account", free: 5, maxDelaySeconds: WINDOW_15_MIN, windowSeconds: WINDOW_15_MIN, clearOnSuccess: true },
  address: { name: "2fa-address", free: 20, maxDelaySeconds: WINDOW_15_MIN, windowSeconds: WINDOW_15_MIN, clearOnSuccess: false },
} satisfies Record<string, BackoffSpec>;
