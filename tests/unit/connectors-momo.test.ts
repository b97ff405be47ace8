import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMomoClient, momoAvailable, momoCallbackHint, momoConfig, type MomoClient, type MomoRequest } from "@/server/connectors/mtn-momo/client";
import { AmountNotRepresentable, OperatorError } from "@/server/connectors/operator-http";
import { createMomoFake, type MomoFake } from "../fakes/mtn-momo/server";
import { captureLogger, startReceiver, waitFor } from "../fakes/test-support";

/** The MoMo client against the MoMo fake, over real HTTP. */
let fake: MomoFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let log: ReturnType<typeof captureLogger>;
let client: MomoClient;

function env(baseUrl: string): Record<string, string> {
  const c = fake.credentials;
  return {
    MTN_MOMO_BASE_URL: baseUrl,
    MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: c.collection.subscriptionKey,
    MTN_MOMO_COLLECTION_USER_ID: c.collection.userId,
    MTN_MOMO_COLLECTION_API_KEY: c.collection.apiKey,
    MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: c.disbursement.subscriptionKey,
    MTN_MOMO_DISBURSEMENT_USER_ID: c.disbursement.userId,
    MTN_MOMO_DISBURSEMENT_API_KEY: c.disbursement.apiKey,
    MTN_MOMO_TARGET_ENVIRONMENTS: "UG=mtnuganda,CI=mtnivorycoast",
  };
}

const req = (phoneSuffix: string, over: Partial<MomoRequest> = {}): MomoRequest => ({
  referenceId: randomUUID(),
  countryCode: "UG",
  amount: 150000n,
  currency: "UGX",
  phone: `25677000${phoneSuffix}`,
  externalId: `pi_${randomUUID().slice(0, 8)}`,
  callbackUrl: `${receiver.url}/api/connectors/mtn/callback`,
  requestId: `req_${randomUUID().slice(0, 8)}`,
  ...over,
});

beforeAll(async () => {
  fake = await createMomoFake({ outcomeDelayMs: 150 }).start();
  receiver = await startReceiver();
  log = captureLogger();
  client = createMomoClient(momoConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
afterEach(() => fake.set({ slowMs: 0, loseCallbacks: false, outcomeDelayMs: 150 }));

describe("MoMo configuration (D15)", () => {
  it("is live only where the block is complete and the country has a target environment", () => {
    const cfg = momoConfig(env("http://x"));
    expect(momoAvailable(cfg, "UG", "payin")).toBe(true);
    expect(momoAvailable(cfg, "CM", "payin")).toBe(false);
    const noDisb = momoConfig({ ...env("http://x"), MTN_MOMO_DISBURSEMENT_API_KEY: "" });
    expect(momoAvailable(noDisb, "UG", "payout")).toBe(false);
    expect(momoConfig({ ...env("http://x"), MTN_MOMO_TARGET_ENVIRONMENTS: "" })).toBeNull();
    expect(momoConfig({})).toBeNull();
  });
});

describe("MoMo requesttopay (payin)", () => {
  it("is accepted pending, then successful on the status query, with a callback to the X-Callback-Url", async () => {
    // The outcome lands well after the first query, even on a loaded machine: at 150 ms a slow
    // collect left no time to see "pending" (CI, 2026-12-04).
    fake.set({ outcomeDelayMs: 1500 });
    const r = req("1234");
    const created = await client.requestToPay(r);
    expect(created).toMatchObject({ state: "pending" });
    expect(created.duplicate).toBeUndefined();
    const sent = fake.requests.find((q) => q.headers["x-reference-id"] === r.referenceId)!;
    expect(JSON.parse(sent.body)).toMatchObject({ amount: "1500", currency: "UGX", payer: { partyIdType: "MSISDN", partyId: "256770001234" } });
    expect(sent.headers["x-target-environment"]).toBe("mtnuganda");
    expect((await client.getRequestToPay(r.referenceId, "UG", "q1")).state).toBe("pending");
    const done = await waitFor(async () => {
      const s = await client.getRequestToPay(r.referenceId, "UG", "q2");
      return s.state !== "pending" && s;
    });
    expect(done).toMatchObject({ state: "successful", reason: null });
    expect(done.operatorRef).toMatch(/^\d+$/);
    const cb = await waitFor(() => receiver.received.find((c) => c.body.includes(r.externalId)));
    expect(cb.method).toBe("PUT");
    expect(momoCallbackHint(JSON.parse(cb.body))).toEqual({ externalId: r.externalId, status: "SUCCESSFUL" });
  });

  it.each([
    ["0001", "failed", "Customer has insufficient funds"],
    ["0002", "cancelled", "Customer declined the payment"],
    ["0004", "cancelled", "Customer did not approve the payment in time"],
    ["0005", "failed", "Customer's number is not registered for MTN Mobile Money"],
  ])("phone ending %s ends %s: %s", async (suffix, state, reason) => {
    const r = req(suffix);
    await client.requestToPay(r);
    const s = await waitFor(async () => {
      const x = await client.getRequestToPay(r.referenceId, "UG", "q");
      return x.state !== "pending" && x;
    });
    expect(s).toMatchObject({ state, reason });
  });

  it("0003 stays pending", async () => {
    const r = req("0003");
    await client.requestToPay(r);
    await new Promise((res) => setTimeout(res, 300));
    expect((await client.getRequestToPay(r.referenceId, "UG", "q")).state).toBe("pending");
  });

  it("a reused X-Reference-Id is answered 409 and read as the earlier submission (never a second payment)", async () => {
    const r = req("1234");
    await client.requestToPay(r);
    const again = await client.requestToPay({ ...r, requestId: "retry" });
    expect(again).toMatchObject({ state: "pending", duplicate: true, operatorCode: "RESOURCE_ALREADY_EXIST" });
    expect([...fake.transactions.values()].filter((t) => t.referenceId === r.referenceId)).toHaveLength(1);
  });

  it("an unknown reference is notFound", async () => {
    expect(await client.getRequestToPay(randomUUID(), "UG", "q")).toMatchObject({ state: "unknown", notFound: true });
  });

  it("refuses cents in a whole-unit currency before calling, and surfaces MoMo's validation errors", async () => {
    await expect(client.requestToPay(req("1234", { amount: 150050n }))).rejects.toBeInstanceOf(AmountNotRepresentable);
    const e = await client.requestToPay(req("1234", { currency: "XOF" })).catch((x) => x);
    expect(e).toBeInstanceOf(OperatorError);
    expect(e).toMatchObject({ kind: "rejected", status: 400, code: "INVALID_CURRENCY" });
  });

  it("callbacks lost: the status query still finds the outcome", async () => {
    fake.set({ loseCallbacks: true });
    const r = req("1234");
    await client.requestToPay(r);
    const s = await waitFor(async () => {
      const x = await client.getRequestToPay(r.referenceId, "UG", "q");
      return x.state !== "pending" && x;
    });
    expect(s.state).toBe("successful");
    // The query sees the outcome once it is due; the fake's callback timer may fire a moment
    // later on a loaded machine, so wait for the (lost) callback to be recorded before judging it.
    const lost = await waitFor(() => fake.callbacks.find((c) => c.body.includes(r.externalId)));
    await new Promise((res) => setTimeout(res, 100));
    expect(lost.delivered).toBe(false);
    expect(receiver.received.some((c) => c.body.includes(r.externalId))).toBe(false);
  });
});

describe("MoMo transfer (payout)", () => {
  it("succeeds, and maps payout failures in words for the recipient side", async () => {
    const ok = req("1234", { callbackUrl: undefined });
    await client.transfer(ok);
    expect(await waitFor(async () => (await client.getTransfer(ok.referenceId, "UG", "q")).state === "successful")).toBe(true);
    const bad = req("0001");
    await client.transfer(bad);
    const s = await waitFor(async () => {
      const x = await client.getTransfer(bad.referenceId, "UG", "q");
      return x.state !== "pending" && x;
    });
    expect(s).toMatchObject({ state: "failed", reason: "Recipient's number is not registered for MTN Mobile Money", operatorCode: "PAYEE_NOT_FOUND" });
    const sent = fake.requests.find((q) => q.headers["x-reference-id"] === ok.referenceId)!;
    expect(sent.path).toBe("/disbursement/v1_0/transfer");
    expect(JSON.parse(sent.body).payee).toEqual({ partyIdType: "MSISDN", partyId: "256770001234" });
  });
});

describe("MoMo operator failures", () => {
  it("token expiry mid-run: a 401 fetches a fresh token once and the call goes through", async () => {
    await client.requestToPay(req("1234"));
    const tokensBefore = fake.requests.filter((q) => q.path === "/collection/token/").length;
    fake.expireTokens();
    expect((await client.requestToPay(req("1234"))).state).toBe("pending");
    expect(fake.requests.filter((q) => q.path === "/collection/token/").length).toBe(tokensBefore + 1);
  });

  it("a short expires_in is renewed before it runs out, without a 401", async () => {
    const f = await createMomoFake({ tokenTtlSeconds: 1, outcomeDelayMs: 50 }).start();
    try {
      const c = createMomoClient(momoConfig(env(f.baseUrl))!, { logger: log.logger });
      await c.requestToPay(req("1234"));
      await new Promise((r) => setTimeout(r, 1100));
      await c.requestToPay(req("1234"));
      expect(f.requests.filter((q) => q.path === "/collection/token/")).toHaveLength(2);
      expect(f.requests.filter((q) => q.path.startsWith("/collection/v1_0") && q.headers.authorization).length).toBe(2);
    } finally {
      await f.close();
    }
  });

  it("a 5xx burst is an outcome-unknown error, and the next call works", async () => {
    await client.requestToPay(req("1234")); // token cached
    fake.failNext(2, 503);
    const e1 = await client.requestToPay(req("1234")).catch((x) => x);
    const e2 = await client.getRequestToPay(randomUUID(), "UG", "q").catch((x) => x);
    for (const e of [e1, e2]) expect(e).toMatchObject({ kind: "server", status: 503, outcomeUnknown: true });
    expect((await client.requestToPay(req("1234"))).state).toBe("pending");
  });

  it("a timeout leaves the outcome unknown; the retry with the same X-Reference-Id cannot pay twice", async () => {
    const slow = createMomoClient(momoConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 150 });
    await slow.getRequestToPay(randomUUID(), "UG", "warm"); // token first
    fake.set({ slowMs: 400 });
    const r = req("1234");
    const e = await slow.requestToPay(r).catch((x) => x);
    expect(e).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    fake.set({ slowMs: 0 });
    await waitFor(() => fake.transactions.has(r.referenceId)); // the operator did act
    expect(await slow.requestToPay(r)).toMatchObject({ state: "pending", duplicate: true });
    expect([...fake.transactions.values()].filter((t) => t.referenceId === r.referenceId)).toHaveLength(1);
  });

  it("logs every call with its request id and never a credential", async () => {
    const r = req("1234", { requestId: "req_log_check" });
    await client.requestToPay(r);
    const text = log.text();
    expect(text).toContain("req_log_check");
    for (const secret of [fake.credentials.collection.apiKey, fake.credentials.collection.subscriptionKey, fake.credentials.disbursement.apiKey, "Bearer", "Basic"]) {
      expect(text).not.toContain(secret);
    }
  });
});
