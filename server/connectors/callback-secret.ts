import crypto from "node:crypto";
import { deriveSecret } from "../auth/secret-box";

/**
 * Per-transaction callback secrets (Daraja's B2C ResultURL and QueueTimeOutURL carry one,
 * since those callbacks are not signed). Issue 19 §13: the database keeps only
 * `sha256:<hex>` of the secret; the secret itself is derived again from SECRETS_KEY and
 * the transaction id when the URL is built (submission and any resubmission), so a leaked
 * transactions table does not let anyone forge an operator's result.
 */
const PURPOSE = "connector-callback";

/** The secret that goes into the callback URL. */
export function callbackSecretFor(transactionId: string): string {
  return deriveSecret(PURPOSE, transactionId);
}

/** What transactions.callback_secret stores. */
export function callbackSecretDigest(transactionId: string): string {
  return digest(callbackSecretFor(transactionId));
}

/**
 * What transactions.callback_secret stores for a secret the operator hands us (Orange
 * Money's notif_token): only its digest, checked with callbackSecretMatches.
 */
export function storedSecretDigest(secret: string): string {
  return digest(secret);
}

function digest(secret: string): string {
  return `sha256:${crypto.createHash("sha256").update(secret).digest("hex")}`;
}

/** Constant-time check of a secret from a callback URL against the stored digest. */
export function callbackSecretMatches(given: string, stored: string | null): boolean {
  if (!stored || !stored.startsWith("sha256:")) return false;
  const a = Buffer.from(digest(given));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
