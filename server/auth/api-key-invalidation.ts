import type { DbOrTx } from "../db/client";
import { onInvalidation, publishInvalidation } from "../invalidation";

/**
 * Revocations reach every instance's API key cache at once (issue 13), not only when the
 * cached entry expires (API_KEY_CACHE_MS): a revoke publishes the key's hash and every
 * process listening drops it from its cache (server/invalidation.ts: LISTEN/NOTIFY, or
 * Redis pub/sub with REDIS_URL). While the listener is down each process empties its
 * cache and the TTL stays the bound, as before: a notification missed never leaves a
 * revoked key usable for longer than API_KEY_CACHE_MS.
 */

/** Tells every instance that these key hashes are revoked (call with the revoking db/tx). */
export function publishRevoked(db: DbOrTx, hashes: string[]): Promise<void> {
  return publishInvalidation(db, "api-key", hashes);
}

/** Starts this process's listener once (idempotent; failures only log and retry). */
export function listenForRevocations(onRevoked: (hash: string) => void, onLost: () => void): void {
  onInvalidation("api-key", onRevoked, onLost);
}

export { stopListening } from "../invalidation";
