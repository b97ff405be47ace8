import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { apiKeys, merchants, type Mode } from "../db/schema";
import { newId } from "../ids";
import { env } from "../env";
import { listenForRevocations, publishRevoked } from "./api-key-invalidation";

/**
 * API keys: `sk_test_` / `sk_live_` + base62 of 32 random bytes. Only the SHA-256
 * hash is stored; the plaintext is returned once by createApiKey.
 */
const KEY_FORMAT = /^sk_(test|live)_[A-Za-z0-9]{40,60}$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(43, "0");
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_FORMAT.test(key);
}

export function generateApiKey(mode: Mode): string {
  return `sk_${mode}_${base62(crypto.randomBytes(32))}`;
}

export interface CreatedApiKey {
  id: string;
  key: string;
  displayPrefix: string;
  mode: Mode;
}

export async function createApiKey(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; name?: string | null; createdBy?: string | null },
): Promise<CreatedApiKey> {
  const key = generateApiKey(input.mode);
  const id = newId("apiKey");
  const displayPrefix = key.slice(0, `sk_${input.mode}_`.length + 4);
  await db.insert(apiKeys).values({
    id,
    merchantId: input.merchantId,
    mode: input.mode,
    name: input.name ?? null,
    keyHash: hashApiKey(key),
    displayPrefix,
    createdBy: input.createdBy ?? null,
  });
  return { id, key, displayPrefix, mode: input.mode };
}

export type KeyVerification =
  | { valid: true; keyId: string; merchantId: string; mode: Mode; kycStatus: string }
  | { valid: false; code: "malformed" | "unknown" | "revoked" };

interface CacheEntry {
  result: KeyVerification;
  at: number;
}
const CACHE = Symbol.for("sika.apiKeyCache");
const g = globalThis as unknown as { [CACHE]?: Map<string, CacheEntry> };
const cache = (g[CACHE] ??= new Map());

/** Lookups in flight, by hash: a burst of requests with one cold key makes one query, not one each. */
const inflight = new Map<string, Promise<KeyVerification>>();
/** Bumped by every revocation: a lookup that started before one does not fill the cache. */
let revocations = 0;

/**
 * Looks a key up by hash. Results are cached for API_KEY_CACHE_MS (at most 5 s); a
 * revocation is also published to every process (api-key-invalidation.ts: LISTEN/NOTIFY
 * or Redis pub/sub), which drop the key at once; the TTL bounds it when that is down. last_used_at is
 * refreshed at most once per cache period to keep the hot path free of writes.
 */
export async function verifyApiKey(db: DbOrTx, key: string): Promise<KeyVerification> {
  if (!isWellFormedApiKey(key)) return { valid: false, code: "malformed" };
  listenForRevocations(
    (hash) => {
      revocations++;
      cache.delete(hash);
      inflight.delete(hash);
    },
    () => {
      revocations++;
      cache.clear();
      inflight.clear();
    },
  );
  const hash = hashApiKey(key);
  const hit = cache.get(hash);
  if (hit && Date.now() - hit.at < env().API_KEY_CACHE_MS) return hit.result;
  const pending = inflight.get(hash);
  if (pending) return pending;
  const lookup = lookUpKey(db, hash).finally(() => {
    if (inflight.get(hash) === lookup) inflight.delete(hash);
  });
  inflight.set(hash, lookup);
  return lookup;
}

async function lookUpKey(db: DbOrTx, hash: string): Promise<KeyVerification> {
  const started = Date.now();
  const generation = revocations;
  const [row] = await db
    .select({ id: apiKeys.id, merchantId: apiKeys.merchantId, mode: apiKeys.mode, revokedAt: apiKeys.revokedAt, kycStatus: merchants.kycStatus })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);

  let result: KeyVerification;
  if (!row) result = { valid: false, code: "unknown" };
  else if (row.revokedAt) result = { valid: false, code: "revoked" };
  else {
    result = { valid: true, keyId: row.id, merchantId: row.merchantId, mode: row.mode, kycStatus: row.kycStatus };
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  }
  if (generation === revocations) {
    if (cache.size > 10_000) cache.clear();
    cache.set(hash, { result, at: started });
  }
  return result;
}

export function clearApiKeyCache(): void {
  revocations++;
  cache.clear();
  inflight.clear();
}

/** Revokes by the full key (CLI) ; returns false when no active key matched. */
export async function revokeApiKeyByKey(db: DbOrTx, key: string): Promise<{ id: string; merchantId: string } | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, merchantId: apiKeys.merchantId });
  revocations++;
  cache.delete(hashApiKey(key));
  inflight.delete(hashApiKey(key));
  if (row) await publishRevoked(db, [hashApiKey(key)]);
  return row ?? null;
}

/** Revokes by id within a merchant (dashboard). */
export async function revokeApiKey(db: DbOrTx, input: { merchantId: string; keyId: string }): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.merchantId, input.merchantId), isNull(apiKeys.revokedAt)))
    .returning({ hash: apiKeys.keyHash });
  revocations++;
  for (const r of rows) {
    cache.delete(r.hash);
    inflight.delete(r.hash);
  }
  await publishRevoked(
    db,
    rows.map((r) => r.hash),
  );
  return rows.length > 0;
}
