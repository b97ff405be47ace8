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

/** The real database, with its SELECTs counted on the way through. */
function counting(db: DbOrTx) {
  const counter = { selects: 0 };
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "select" && typeof value === "function") {
        return (...args: unknown[]) => {
          counter.selects++;
          return value.apply(target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: wrapped as DbOrTx, counter };
}

describe("API key lookup", () => {
  it("looks a cold key up once for a burst of 200 concurrent requests", async () => {
    const m = await app.createMerchant();
    clearApiKeyCache();
    const { db, counter } = counting(app.database.db);
    const results = await Promise.all(Array.from({ length: 200 }, () => verifyApiKey(db, m.testApiKey!)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ valid: true, merchantId: m.merchantId, mode: "test" });
    expect(counter.selects).toBe(1);
    // Then served from the cache.
    await verifyApiKey(db, m.testApiKey!);
    expect(counter.selects).toBe(1);
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
