import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { clearApiKeyCache, revokeApiKey, verifyApiKey } from "@/server/auth/api-keys";
import type { DbOrTx } from "@/server/db/client";

/**
 * The API key lookup under a burst: a cold key hit by many requests at once is looked up
 * once (the others wait for that lookup), so a burst cannot drain the pool with copies of
 * one query; and a revocation that lands while a lookup is in flight is never cached over.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/**
 * The real database, every statement counted on the way through: drizzle's builders and
 * the driver client behind it (hot paths send constant SQL on it, server/db/raw.ts).
 */
function counting(db: DbOrTx) {
  const counter = { statements: 0 };
  const counted = <T extends object>(target: T, names: string[], inner?: Record<string, (v: object) => object>): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        const value = Reflect.get(t, prop, receiver);
        if (typeof prop === "string" && inner?.[prop] && value && typeof value === "object") return inner[prop](value);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && names.includes(prop)) {
          return (...args: unknown[]) => {
            counter.statements++;
            return value.apply(t, args);
          };
        }
        return value.bind(t);
      },
    });
  const client = (c: object) => counted(c, ["query", "unsafe", "connect", "exec"]);
  return { db: counted(db, ["select", "update", "insert", "execute"], { $client: client }) as DbOrTx, counter };
}

describe("API key lookup", () => {
  it("looks a cold key up once for a burst of 200 concurrent requests", async () => {
    // What one cold lookup costs (the lookup and its last_used_at touch).
    const single = await app.createMerchant();
    clearApiKeyCache();
    const one = counting(app.database.db);
    expect(await verifyApiKey(one.db, single.testApiKey!)).toMatchObject({ valid: true });
    expect(one.counter.statements).toBeGreaterThan(0);

    const m = await app.createMerchant();
    clearApiKeyCache();
    const { db, counter } = counting(app.database.db);
    const results = await Promise.all(Array.from({ length: 200 }, () => verifyApiKey(db, m.testApiKey!)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ valid: true, merchantId: m.merchantId, mode: "test" });
    expect(counter.statements).toBe(one.counter.statements);
    // Then served from the cache.
    await verifyApiKey(db, m.testApiKey!);
    expect(counter.statements).toBe(one.counter.statements);
  });

  it("does not cache a lookup that a revocation overtook", async () => {
    const m = await app.createMerchant();
    clearApiKeyCache();
    const inFlight = verifyApiKey(app.database.db, m.testApiKey!);
    const first = await inFlight;
    expect(first.valid).toBe(true);
    clearApiKeyCache();
    const lookup = verifyApiKey(app.database.db, m.testApiKey!);
    const valid = first.valid ? first : null;
    await revokeApiKey(app.database.db, { merchantId: m.merchantId, keyId: valid!.keyId });
    await lookup; // read before or after the revocation: either way it is not kept
    expect(await verifyApiKey(app.database.db, m.testApiKey!)).toEqual({ valid: false, code: "revoked" });
  });
});
