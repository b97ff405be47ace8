/**
 * One key per confirmation of a money-moving form (a hosted payment, a payout, a settlement),
 * sent as its idempotency key: a double tap or a request retried after a dropped connection
 * moves the money once. A UUID even where crypto.randomUUID is missing (it exists only in
 * secure contexts: plain-http origins other than localhost lack it).
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("").replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
}
