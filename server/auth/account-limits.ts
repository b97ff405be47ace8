import type { LimiterSpec } from "../rate-limit/store";

/**
 * Abuse limits of the account flows (issue 22), counted on the shared store through the
 * same throttle API as the password (server/auth/throttle.ts):
 *   two-factor codes      10 wrong codes per account, 50 per client address, per 15 minutes
 *                         (the password's numbers); once spent, every code is refused for the
 *                         rest of the window, the right one included
 *   reset requests        5 per address typed and 20 per client address per hour
 *   reset / verify links  30 submissions per client address per hour
 *   verification resends  5 per account per hour
 */
const WINDOW_15_MIN = 15 * 60;
const HOUR = 3600;

export const accountLimits = {
  twoFactorAccount: { name: "2fa-account", points: 10, duration: WINDOW_15_MIN, blockDuration: WINDOW_15_MIN },
  twoFactorAddress: { name: "2fa-address", points: 50, duration: WINDOW_15_MIN, blockDuration: WINDOW_15_MIN },
  resetRequestEmail: { name: "reset-email", points: 5, duration: HOUR, blockDuration: HOUR },
  resetRequestAddress: { name: "reset-address", points: 20, duration: HOUR, blockDuration: HOUR },
  linkAddress: { name: "account-link-address", points: 30, duration: HOUR, blockDuration: HOUR },
  verificationResend: { name: "verify-resend", points: 5, duration: HOUR, blockDuration: HOUR },
} satisfies Record<string, LimiterSpec>;
