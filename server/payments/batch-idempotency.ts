import type { RawClient } from "../db/raw";
import type { IdempotencyScope } from "./idempotency";

/**
 * Idempotency-Key records written by the group commits (payin-batch.ts, payout-batch.ts),
 * one way for every verb (issue 26). A key is identified by merchant, mode, SCOPE (payin,
 * payout, refund: the table's primary key) and key, in the batch's own bookkeeping as in
 * the "already taken?" look, so a payout and a refund of one batch, or a payin and a
 * payout sharing a key string, never read as each other.
 */

/** The columns of idempotency_keys a batch writes, in the JSON rows' order. */
export const IDEM_KEYS = ["merchantId", "mode", "scope", "key", "requestHash", "responseStatus", "responseBody"];

/** The table's primary key constraint (drizzle/0000_init.sql): a unique violation of it is a key taken. */
export const IDEM_PRIMARY_KEY = "idempotency_keys_merchant_id_mode_scope_key_pk";

/** An Idempotency-Key insert found the key taken after our look: roll back, run the flush again. */
export class KeyRace extends Error {}

type KeyOf = Pick<IdempotencyScope, "merchantId" | "mode" | "scope" | "key">;

/** The key's identity (the table's primary key), as one string. */
export const idemId = (s: KeyOf) => `${s.merchantId}\u0001${s.mode}\u0001${s.scope}\u0001${s.key}`;

/** The JSON parameter the taken-keys look reads. */
export const keysParam = (keys: KeyOf[]) => JSON.stringify(keys.map((k) => ({ merchant_id: k.merchantId, mode: k.mode, scope: k.scope, key: k.key })));

/**
 * The stored keys among `$n` (a keysParam), as SQL returning `columns` of idempotency_keys
 * (k). The mode is read as its enum, so the join looks each key up on the whole primary
 * key; compared as text it left the index only the merchant, and each look read every
 * key the merchant had stored in 24 hours (keyed payins fell from ~480/s to ~110/s as a
 * merchant's 90,000 keys piled up, measured on 2 cores).
 */
export function takenKeysSql(n: number, columns = "k.merchant_id, k.mode::text as mode, k.scope, k.key"): string {
  return `
    select ${columns} from idempotency_keys k
      join json_to_recordset($${n}::json) as x(merchant_id text, mode mode, scope text, key text)
        on k.merchant_id = x.merchant_id and k.mode = x.mode and k.scope = x.scope and k.key = x.key`;
}

/** The keys of `keys` already stored, as idemId strings. */
export async function takenKeys(q: RawClient, keys: KeyOf[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await q.query(takenKeysSql(1), [keysParam(keys)]);
  return new Set(rows.map((r) => idemId({ merchantId: r.merchant_id as string, mode: r.mode as IdempotencyScope["mode"], scope: r.scope as IdempotencyScope["scope"], key: r.key as string })));
}

/**
 * Two items of one batch with the same key: only the look decides which one is created
 * (the first) and which replays it; a batch without such a pair is written at once.
 */
export function sharesKey(items: Array<{ idem: KeyOf | null }>): boolean {
  const keys = new Set<string>();
  for (const i of items) {
    if (!i.idem) continue;
    const id = idemId(i.idem);
    if (keys.has(id)) return true;
    keys.add(id);
  }
  return false;
}

/** Runs a flush again (up to 3 times in all) when a key was recorded meanwhile. */
export async function retryOnKeyRace<T>(flush: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await flush();
    } catch (err) {
      if (!(err instanceof KeyRace) || attempt >= 3) throw err;
    }
  }
}
