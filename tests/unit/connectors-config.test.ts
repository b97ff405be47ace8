import { describe, expect, it } from "vitest";
import { operatorForCallback, operators } from "@/server/connectors";
import { reaches, type Direction } from "@/server/connectors/descriptor";
import { majorUnits, AmountNotRepresentable, TokenCache } from "@/server/connectors/operator-http";

/** Whether some operator's block, read from these values, serves the pair (what the registry does with the environment). */
function liveConfigured(values: Record<string, string>, country: string, network: string, direction: Direction): boolean {
  return operators.some((d) => {
    const cfg = d.readConfig(values);
    return cfg !== null && reaches(d, country, network, direction) && d.serves(cfg, country, network, direction);
  });
}

describe("live connector configuration (D15, D19)", () => {
  it("maps catalog networks to operator APIs (mpesa is Safaricom only in KE)", () => {
    const direct = (country: string, network: string) => operators.find((d) => d.kind === "direct" && reaches(d, country, network))?.name ?? null;
    expect(direct("UG", "mtn")).toBe("mtn-momo");
    expect(direct("KE", "safaricom")).toBe("daraja");
    expect(direct("TZ", "vodacom")).toBeNull();
    expect(direct("SN", "orange")).toBe("orange-money");
    expect(operatorForCallback("mpesa")?.name).toBe("daraja");
    expect(operatorForCallback("pawapay")?.kind).toBe("aggregator");
  });

  it("a network is live in a country only when its block is complete", () => {
    expect(liveConfigured({}, "UG", "mtn", "payin")).toBe(false);
    const cfg = {
      MTN_MOMO_BASE_URL: "http://momo",
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_COLLECTION_USER_ID: "u",
      MTN_MOMO_COLLECTION_API_KEY: "a",
      MTN_MOMO_TARGET_ENVIRONMENTS: "UG=mtnuganda",
      WAVE_BASE_URL: "http://wave",
      WAVE_API_KEY: "k",
      WAVE_WEBHOOK_SECRET: "s",
    };
    expect(liveConfigured(cfg, "UG", "mtn", "payin")).toBe(true);
    expect(liveConfigured(cfg, "UG", "mtn", "payout")).toBe(false);
    expect(liveConfigured(cfg, "RW", "mtn", "payin")).toBe(false);
    expect(liveConfigured(cfg, "SN", "wave", "payout")).toBe(true);
    expect(liveConfigured(cfg, "KE", "safaricom", "payin")).toBe(false);
    const pawa = { PAWAPAY_BASE_URL: "http://pawapay", PAWAPAY_API_TOKEN: "t", PAWAPAY_PROVIDERS: "SN:free=FREE_SEN" };
    expect(liveConfigured(pawa, "SN", "free", "payout")).toBe(true);
    expect(liveConfigured(pawa, "SN", "orange", "payin")).toBe(false);
    const orange = { ORANGE_MONEY_BASE_URL: "http://om", ORANGE_MONEY_CLIENT_ID: "i", ORANGE_MONEY_CLIENT_SECRET: "s", ORANGE_MONEY_MERCHANT_KEY: "k", ORANGE_MONEY_COUNTRIES: "CI=ci" };
    expect(liveConfigured(orange, "CI", "orange", "payin")).toBe(true);
    expect(liveConfigured(orange, "CI", "orange", "payout")).toBe(false);
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
