// Verifying a Sika webhook in Node.js (18+), with nothing but node:crypto.
// Quoted in docs/webhooks.md and run by Sika's own test suite against real deliveries.
import crypto from "node:crypto";

/** Constant-time comparison of two strings (false when lengths differ). */
function safeEqual(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * LEGACY, MbiyoPay compatibility only: prefer verifyWebhookSignature below. The `Signature`
 * header covers no timestamp, so a captured delivery verifies forever (dedupe on Webhook-Id
 * if you must use it). Lowercase hex HMAC-SHA256 of the raw body bytes, keyed with the
 * whole secret string (`whsec_…`, as UTF-8). `rawBody` must be the bytes as received
 * (a Buffer or the exact string), never a re-serialised JSON object.
 */
export function verifySignature(rawBody, signatureHeader, secret) {
  if (typeof signatureHeader !== "string" || signatureHeader === "") return false;
  const expected = crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
  return safeEqual(expected, signatureHeader.trim().toLowerCase());
}

/**
 * Use this one. Standard Webhooks (`Webhook-Id`, `Webhook-Timestamp`, `Webhook-Signature`): base64
 * HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the base64-decoded part of the
 * secret after `whsec_`. The header may carry several space-separated `v1,<sig>` entries
 * (during a secret rotation); one match is enough. Timestamps further than
 * `toleranceSeconds` from now are refused, so a captured request cannot be replayed later.
 * `headers` is a plain object with lowercase names (Node's req.headers) or a Headers.
 */
export function verifyWebhookSignature(rawBody, headers, secret, { toleranceSeconds = 300, now = Date.now() } = {}) {
  const get = (name) => (typeof headers.get === "function" ? headers.get(name) : headers[name]);
  const id = get("webhook-id");
  const timestamp = get("webhook-timestamp");
  const signatures = get("webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now / 1000) - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const body = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, "utf8");
  const expected = crypto
    .createHmac("sha256", key)
    .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`, "utf8"), body]))
    .digest("base64");
  return signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .some(([version, signature]) => version === "v1" && signature !== undefined && safeEqual(expected, signature));
}
