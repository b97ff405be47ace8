import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { encodeValues, rawClient } from "../db/raw";
import { apiKeys, merchants, type Mode } from "../db/schema";
import type { ApiKeyScope } from "../vocabulary";
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
  // One-shot crypto.hash: the same digest as createHash().update().digest() without the
  // Hash object (a third of the cost on every authenticated request).
  return crypto.hash("sha256", key, "hex");
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
  scope: ApiKeyScope;
  allowedIps: string[] | null;
}

export async function createApiKey(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; name?: string | null; createdBy?: string | null; scope?: ApiKeyScope; allowedIps?: string[] | null },
): Promise<CreatedApiKey> {
  const scope = input.scope ?? "full";
  const allowedIps = input.allowedIps?.length ? input.allowedIps : null;
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
    scope,
    allowedIps,
  });
  return { id, key, displayPrefix, mode: input.mode, scope, allowedIps };
}

export type KeyVerification =
  | {
      valid: true;
      keyId: string;
      merchantId: string;
      mode: Mode;
      kycStatus: string;
      /** Issue 22: restricted keys (server/auth/key-restrictions.ts), and the prefix the audit log names the key by. */
      scope: ApiKeyScope;
      allowedIps: string[] | null;
      displayPrefix: string;
    }
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

function forgetKey(hash: string): void {
  revocations++;
  cache.delete(hash);
  inflight.delete(hash);
}

function forgetAllKeys(): void {
  revocations++;
  cache.clear();
  inflight.clear();
}

/**
 * The answer for a key without touching the database: malformed, or cached within
 * API_KEY_CACHE_MS; undefined when the database must be asked (verifyApiKey). The
 * request path calls this first, so a cached key costs no promise (issue 13 profile).
 */
export function cachedKeyVerification(key: string): KeyVerification | undefined {
  if (!isWellFormedApiKey(key)) return { valid: false, code: "malformed" };
  listenForRevocations(forgetKey, forgetAllKeys);
  const hit = cache.get(hashApiKey(key));
  return hit && Date.now() - hit.at < env().API_KEY_CACHE_MS ? hit.result : undefined;
}

/**
 * Looks a key up by hash. Results are cached for API_KEY_CACHE_MS (at most 5 s); a
 * revocation is also published to every process (api-key-invalidation.ts: LISTEN/NOTIFY
 * or Redis pub/sub), which drop the key at once; the TTL bounds it when that is down. last_used_at is
 * refreshed at most once per cache period to keep the hot path free of writes. Concurrent
 * lookups of one cold key share one query (a burst cannot drain the pool with copies).
 */
export async function verifyApiKey(db: DbOrTx, key: string): Promise<KeyVerification> {
  const cached = cachedKeyVerification(key);
  if (cached) return cached;
  const hash = hashApiKey(key);
  const pending = inflight.get(hash);
  if (pending) return pending;
  const lookup = verifyUncached(db, hash).finally(() => {
    if (inflight.get(hash) === lookup) inflight.delete(hash);
  });
  inflight.set(hash, lookup);
  return lookup;
}

async function verifyUncached(db: DbOrTx, hash: string): Promise<KeyVerification> {
  const started = Date.now();
  const generation = revocations;
  const row = await lookUpKey(db, hash);
  let result: KeyVerification;
  if (!row) result = { valid: false, code: "unknown" };
  else if (row.revokedAt) result = { valid: false, code: "revoked" };
  else {
    result = {
      valid: true,
      keyId: row.id,
      merchantId: row.merchantId,
      mode: row.mode,
      kycStatus: row.kycStatus,
      scope: row.scope,
      allowedIps: row.allowedIps?.length ? row.allowedIps : null,
      displayPrefix: row.displayPrefix,
    };
    await touchKey(db, row.id);
  }
  if (generation === revocations) {
    if (cache.size > 10_000) cache.clear();
    cache.set(hash, { result, at: started });
  }
  return result;
}

// Once per key and cache period, on every instance: constant statements on the driver
// when it can (db/raw.ts), drizzle's per-call SQL building otherwise.
const KEY_SQL = `select k.id, k.merchant_id, k.mode, k.revoked_at, m.kyc_status, k.scope, k.allowed_ips, k.display_prefix
  from api_keys k join merchants m on m.id = k.merchant_id where k.key_hash = $1 limit 1`;
const TOUCH_SQL = "update api_keys set last_used_at = $2 where id = $1";

interface KeyRow {
  id: string;
  merchantId: string;
  mode: Mode;
  revokedAt: unknown;
  kycStatus: string;
  scope: ApiKeyScope;
  allowedIps: string[] | null;
  displayPrefix: string;
}

async function lookUpKey(db: DbOrTx, hash: string): Promise<KeyRow | undefined> {
  const raw = rawClient(db);
  if (raw) {
    const [r] = await raw.query(KEY_SQL, [hash]);
    return (
      r && {
        id: r.id as string,
        merchantId: r.merchant_id as string,
        mode: r.mode as Mode,
        revokedAt: r.revoked_at,
        kycStatus: r.kyc_status as string,
        scope: r.scope as ApiKeyScope,
        allowedIps: textArray(r.allowed_ips),
        displayPrefix: r.display_prefix as string,
      }
    );
  }
  const [row] = await db
    .select({
      id: apiKeys.id,
      merchantId: apiKeys.merchantId,
      mode: apiKeys.mode,
      revokedAt: apiKeys.revokedAt,
      kycStatus: merchants.kycStatus,
      scope: apiKeys.scope,
      allowedIps: apiKeys.allowedIps,
      displayPrefix: apiKeys.displayPrefix,
    })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);
  return row;
}

/** A text[] as the raw drivers return it: an array, or PostgreSQL's `{a,b}` text form. */
function textArray(v: unknown): string[] | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(String);
  const s = String(v);
  return s.length > 2 ? s.slice(1, -1).split(",").map((x) => x.replace(/^"|"$/g, "")) : [];
}

async function touchKey(db: DbOrTx, id: string): Promise<void> {
  const raw = rawClient(db);
  if (raw) await raw.query(TOUCH_SQL, [id, ...encodeValues(apiKeys, ["lastUsedAt"], { lastUsedAt: new Date() })]);
  else await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

export function clearApiKeyCache(): void {
  forgetAllKeys();
}

/** Revokes by the full key (CLI) ; returns false when no active key matched. */
export async function revokeApiKeyByKey(db: DbOrTx, key: string): Promise<{ id: string; merchantId: string } | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, merchantId: apiKeys.merchantId });
  forgetKey(hashApiKey(key));
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
  for (const r of rows) forgetKey(r.hash);
  await publishRevoked(
    db,
    rows.map((r) => r.hash),
  );
  return rows.length > 0;
}

/**
 * Revokes every active key a member created on a merchant (team removal, issue 19 §10).
 * Returns what was revoked, for the audit log.
 */
export async function revokeKeysCreatedBy(db: DbOrTx, input: { merchantId: string; userId: string }): Promise<Array<{ id: string; mode: Mode; displayPrefix: string }>> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.merchantId, input.merchantId), eq(apiKeys.createdBy, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, mode: apiKeys.mode, displayPrefix: apiKeys.displayPrefix, hash: apiKeys.keyHash });
  for (const r of rows) forgetKey(r.hash);
  await publishRevoked(
    db,
    rows.map((r) => r.hash),
  );
  return rows.map(({ id, mode, displayPrefix }) => ({ id, mode, displayPrefix }));
}
