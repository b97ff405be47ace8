import { describe, expect, it } from "vitest";
import { liveConfigs, liveConfigured, operatorForNetwork } from "@/server/connectors";
import { majorUnits, AmountNotRepresentable, TokenCache } from "@/server/connectors/operator-http";

describe("live connector configuration (D15)", () => {
  it("maps catalog networks to operator APIs (mpesa is Safaricom only in KE)", () => {
    expect(operatorForNetwork("UG", "mtn")).toBe("mtn-momo");
    expect(operatorForNetwork("KE", "mpesa")).toBe("daraja");
    expect(operatorForNetwork("TZ", "mpesa")).toBeNull();
    expect(operatorForNetwork("SN", "orange")).toBeNull();
  });

  it("a network is live in a country only when its block is complete", () => {
    const none = liveConfigs({});
    expect(liveConfigured(none, "UG", "mtn", "payin")).toBe(false);
    const cfg = liveConfigs({
      MTN_MOMO_BASE_URL: "http://momo",
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_COLLECTION_USER_ID: "u",
      MTN_MOMO_COLLECTION_API_KEY: "a",
      MTN_MOMO_TARGET_ENVIRONMENTS: "UG=mtnuganda",
      WAVE_BASE_URL: "http://wave",
      WAVE_API_KEY: "k",
      WAVE_WEBHOOK_SECRET: "s",
    });
    expect(liveConfigured(cfg, "UG", "mtn", "payin")).toBe(true);
    expect(liveConfigured(cfg, "UG", "mtn", "payout")).toBe(false);
    expect(liveConfigured(cfg, "RW", "mtn", "payin")).toBe(false);
    expect(liveConfigured(cfg, "SN", "wave", "payout")).toBe(true);
    expect(liveConfigured(cfg, "KE", "safaricom", "payin")).toBe(false);
  });
});

describe("operator amounts and tokens", () => {
  it("formats hundredths as major-unit text and refuses cents where whole units are required", () => {
    expect(majorUnits("x", 150000n, true)).toBe("1500");
    expect(majorUnits("x", 2550n, false)).toBe("25.50");
    expect(majorUnits("x", 2505n, false)).toBe("25.05");
    expect(() => majorUnits("x", 2550n, true)).toThrow(AmountNotRepresentable);
    expect(() => majorUnits("x", 0n, false)).toThrow(AmountNotRepresentable);
  });

  it("caches a token until shortly before expiry and shares one fetch between concurrent callers", async () => {
    let fetches = 0;
    const cache = new TokenCache(async () => ({ token: `t${++fetches}`, expiresInSeconds: 3600 }));
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(["t1", "t1", "t1"]);
    cache.invalidate();
    expect(await cache.get()).toBe("t2");
  });
});
