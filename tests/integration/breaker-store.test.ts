import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breakerStore } from "@/server/connectors/breaker-store";
import { breakerState, breakerWritesSettled, healthKey, forgetLocalHealth, healthOf, recordFailure, recordSuccess, syncBreakers } from "@/server/connectors/health";
import { OperatorError } from "@/server/connectors/operator-http";
import { closeRateLimitStore } from "@/server/rate-limit/store";
import { startTestApp, type TestApp } from "../helpers/app";
import { setEnv } from "../helpers/live";

/**
 * The shared circuit breaker (D19) in each of its stores: the database (no REDIS_URL) and
 * Redis (REDIS_URL, the local server). What one instance writes, another reads: the test
 * forgets its own copy (a fresh instance) and reads the store back.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await closeRateLimitStore();
  await app.close();
});

const down = () => new OperatorError("orange-money", "server", "orange-money answered 503", 503);
const refused = () => new OperatorError("orange-money", "rejected", "Orange Money refused the payment", 400);

describe.each([
  ["database", undefined],
  ["redis", "redis://127.0.0.1:6379"],
])("breaker store: %s", (_name, redisUrl) => {
  it("counts unknown outcomes across instances, opens at the threshold, and any answer closes it", async () => {
    const undo = setEnv({ REDIS_URL: redisUrl, CONNECTOR_BREAKER_THRESHOLD: "3", CONNECTOR_BREAKER_COOLDOWN_SECONDS: "30", BREAKER_SYNC_MS: "0" });
    try {
      await syncBreakers(true); // empties the store (setEnv forgets everything)
      const key = healthKey("orange-money", "orange", `X${randomBytes(2).toString("hex")}`);
      recordFailure(key, down(), "pi_1", 12);
      recordFailure(key, down(), "pi_2", 15);
      await breakerWritesSettled();

      // Another instance: a fresh copy, read from the store.
      forgetLocalHealth();
      await syncBreakers(true);
      expect([breakerState(key), healthOf(key).consecutiveFailures]).toEqual(["closed", 2]);
      recordFailure(key, down(), "pi_3", 20);
      await breakerWritesSettled();
      forgetLocalHealth();
      await syncBreakers(true);
      expect(breakerState(key)).toBe("open");
      expect(healthOf(key).lastErrors.map((e) => e.requestId)).toEqual(["pi_3", "pi_2", "pi_1"]);
      expect((await breakerStore().loadAll()).find((r) => r.key === key)?.openedAt).toBeGreaterThan(Date.now() - 5000);

      // The operator answering (even a refusal) ends the streak for everyone.
      recordFailure(key, refused(), "pi_4", 5);
      await breakerWritesSettled();
      forgetLocalHealth();
      await syncBreakers(true);
      expect([breakerState(key), healthOf(key).consecutiveFailures]).toEqual(["closed", 0]);
      recordFailure(key, down(), "pi_5", 5);
      recordSuccess(key, 5);
      await breakerWritesSettled();
      forgetLocalHealth();
      await syncBreakers(true);
      expect(healthOf(key).consecutiveFailures).toBe(0);
    } finally {
      undo();
      await closeRateLimitStore();
    }
  });
});
