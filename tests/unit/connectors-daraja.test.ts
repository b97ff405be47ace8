import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDarajaClient, darajaAvailable, darajaConfig, darajaTimestamp, parseStkCallback, verifyB2cResult, type B2cRequest, type DarajaClient, type StkPushRequest } from "@/server/connectors/daraja/client";
import { AmountNotRepresentable } from "@/server/connectors/operator-http";
import { createDarajaFake, type DarajaFake } from "../fakes/daraja/server";
import { captureLogger, startReceiver, waitFor } from "../fakes/test-support";

/** The Daraja client against the Daraja fake, over real HTTP. */
let fake: DarajaFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let log: ReturnType<typeof captureLogger>;
let client: DarajaClient;

const env = (baseUrl: string): Record<string, string> => ({
  MPESA_BASE_URL: baseUrl,
  MPESA_CONSUMER_KEY: fake.config.consumerKey,
  MPESA_CONSUMER_SECRET: fake.config.consumerSecret,
  MPESA_SHORTCODE: fake.config.shortcode,
  MPESA_PASSKEY: fake.config.passkey,
  MPESA_B2C_SHORTCODE: fake.config.b2cShortcode,
  MPESA_B2C_INITIATOR_NAME: fake.config.initiatorName,
  MPESA_B2C_SECURITY_CREDENTIAL: fake.config.securityCredential,
});

const stk = (suffix: string, over: Partial<StkPushRequest> = {}): StkPushRequest => ({
  amount: 100000n,
  phone: `25471234${suffix}`,
  accountReference: "pi_01HXYZABCDEF",
  description: "Order 42",
  callbackUrl: `${receiver.url}/api/connectors/mpesa/stk`,
  requestId: `req_${randomUUID().slice(0, 8)}`,
  ...over,
});

const b2c = (suffix: string, over: Partial<B2cRequest> = {}): B2cRequest => {
  const ocid = randomUUID();
  return {
    originatorConversationId: ocid,
    amount: 250000n,
    phone: `25471234${suffix}`,
    resultUrl: `${receiver.url}/api/connectors/mpesa/b2c/result/${ocid}/s3cret`,
    queueTimeoutUrl: `${receiver.url}/api/connectors/mpesa/b2c/timeout/${ocid}/s3cret`,
    remarks: "Payout po_123",
    requestId: `req_${randomUUID().slice(0, 8)}`,
    ...over,
  };
};

async function finalStk(checkoutRequestId: string) {
  return waitFor(async () => {
    const s = await client.stkQuery(checkoutRequestId, "q");
    return s.state !== "pending" && s;
  });
}

beforeAll(async () => {
  fake = await createDarajaFake({ outcomeDelayMs: 150 }).start();
  receiver = await startReceiver();
  log = captureLogger();
  client = createDarajaClient(darajaConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
afterEach(() => fake.set({ slowMs: 0, loseCallbacks: false, outcomeDelayMs: 150 }));

describe("Daraja configuration (D15)", () => {
  it("is KE only, per direction", () => {
    const cfg = darajaConfig(env("http://x"));
    expect(darajaAvailable(cfg, "KE", "payin")).toBe(true);
    expect(darajaAvailable(cfg, "UG", "payin")).toBe(false);
    expect(darajaAvailable(darajaConfig({ ...env("http://x"), MPESA_B2C_SECURITY_CREDENTIAL: "" }), "KE", "payout")).toBe(false);
    expect(darajaConfig({ ...env("http://x"), MPESA_CONSUMER_SECRET: "" })).toBeNull();
    expect(darajaTimestamp(new Date("2026-01-01T21:30:00Z"))).toBe("20260102003000");
  });
});

describe("M-Pesa Express (STK push + query)", () => {
  it("pushes, the query says 'being processed' then success, and the callback names the checkout", async () => {
    // The outcome lands well after the first query, even on a loaded machine: at 150 ms a slow
    // collect left no time to see "pending" (CI, 2026-12-04).
    fake.set({ outcomeDelayMs: 1500 });
    const r = stk("1234");
    const created = await client.stkPush(r);
    expect(created.state).toBe("pending");
    expect(created.operatorRef).toMatch(/^ws_CO_/);
    const sent = JSON.parse(fake.requests.find((q) => q.path === "/mpesa/stkpush/v1/processrequest")!.body);
    expect(sent).toMatchObject({ Amount: 1000, PartyA: "254712341234", PhoneNumber: "254712341234", PartyB: "174379", TransactionType: "CustomerPayBillOnline" });
    expect((await client.stkQuery(created.operatorRef!, "q")).state).toBe("pending");
    expect(await finalStk(created.operatorRef!)).toMatchObject({ state: "successful", operatorCode: "0" });
    const cb = await waitFor(() => receiver.received.find((c) => c.body.includes(created.operatorRef!)));
    const parsed = parseStkCallback(JSON.parse(cb.body))!;
    expect(parsed.checkoutRequestId).toBe(created.operatorRef);
    expect(parsed.claimed.state).toBe("successful");
    expect(parsed.claimed.operatorRef).toMatch(/^[0-9A-F]{10}$/);
  });

  it.each([
    ["0001", "failed", "Customer has insufficient funds", "1"],
    ["0002", "cancelled", "Customer cancelled the payment", "1032"],
    ["0004", "cancelled", "Customer could not be reached or did not answer in time", "1037"],
    ["0005", "failed", "Customer entered a wrong M-Pesa PIN", "2001"],
  ])("phone ending %s ends %s: %s", async (suffix, state, reason, code) => {
    const created = await client.stkPush(stk(suffix));
    expect(await finalStk(created.operatorRef!)).toMatchObject({ state, reason, operatorCode: code });
  });

  it("validation: cents refused before the call (whole shillings), a non-Safaricom number refused by Daraja", async () => {
    await expect(client.stkPush(stk("1234", { amount: 100050n }))).rejects.toBeInstanceOf(AmountNotRepresentable);
    const e = await client.stkPush(stk("1234", { phone: "256770001234" })).catch((x) => x);
    expect(e).toMatchObject({ kind: "rejected", status: 400, code: "400.002.02", message: "Bad Request - Invalid PhoneNumber" });
  });

  it("an unknown CheckoutRequestID is notFound", async () => {
    expect(await client.stkQuery("ws_CO_nope", "q")).toMatchObject({ state: "unknown", notFound: true });
  });

  it("callbacks lost: the query still finds the outcome", async () => {
    fake.set({ loseCallbacks: true });
    const created = await client.stkPush(stk("1234"));
    expect((await finalStk(created.operatorRef!)).state).toBe("successful");
    // The query sees the outcome once it is due; the fake's callback timer may fire a moment
    // later on a loaded machine, so wait for the (lost) callback to be recorded before judging it.
    const lost = await waitFor(() => fake.callbacks.find((c) => c.body.includes(created.operatorRef!)));
    await new Promise((res) => setTimeout(res, 100));
    expect(lost.delivered).toBe(false);
    expect(receiver.received.some((c) => c.body.includes(created.operatorRef!))).toBe(false);
  });
});

describe("B2C payment request + result", () => {
  it("is accepted, the result reaches the ResultURL and is verified against what we stored", async () => {
    const r = b2c("1234");
    const created = await client.b2cPayment(r);
    expect(created).toMatchObject({ state: "pending" });
    expect(created.operatorRef).toMatch(/^AG_/);
    const cb = await waitFor(() => receiver.received.find((c) => c.path.includes(`/b2c/result/${r.originatorConversationId}/`)));
    const body = JSON.parse(cb.body);
    const expected = { originatorConversationId: r.originatorConversationId, amount: r.amount, phone: r.phone };
    expect(verifyB2cResult(body, expected)).toMatchObject({ ok: true, result: { state: "successful" } });
    expect(verifyB2cResult(body, { ...expected, amount: 260000n })).toEqual({ ok: false, why: "amount does not match" });
    expect(verifyB2cResult(body, { ...expected, phone: "254712349999" })).toEqual({ ok: false, why: "phone does not match" });
    expect(verifyB2cResult(body, { ...expected, originatorConversationId: randomUUID() })).toEqual({ ok: false, why: "OriginatorConversationID does not match" });
    expect(verifyB2cResult({ hello: 1 }, expected)).toEqual({ ok: false, why: "not a B2C result" });
  });

  it("a failed result and a queue timeout are failures in words", async () => {
    const r = b2c("0001");
    await client.b2cPayment(r);
    const cb = await waitFor(() => receiver.received.find((c) => c.path.includes(`/b2c/result/${r.originatorConversationId}/`)));
    expect(verifyB2cResult(JSON.parse(cb.body), { ...r })).toMatchObject({ ok: true, result: { state: "failed", reason: "Recipient is not a registered M-Pesa customer", operatorCode: "2040" } });
    const t = b2c("0004");
    await client.b2cPayment(t);
    const tcb = await waitFor(() => receiver.received.find((c) => c.path.includes(`/b2c/timeout/${t.originatorConversationId}/`)));
    expect(verifyB2cResult(JSON.parse(tcb.body), { ...t }, "timeout")).toMatchObject({ ok: true, result: { state: "failed", operatorCode: "QUEUE_TIMEOUT" } });
  });

  it("a reused OriginatorConversationID is read as the earlier submission (paid once)", async () => {
    const r = b2c("1234");
    await client.b2cPayment(r);
    expect(await client.b2cPayment({ ...r, requestId: "retry" })).toMatchObject({ state: "pending", duplicate: true });
    expect(fake.b2cRequests.size).toBeGreaterThan(0);
    expect([...fake.b2cRequests.keys()].filter((k) => k === r.originatorConversationId)).toHaveLength(1);
  });
});

describe("Daraja operator failures", () => {
  it("token expiry mid-run: one refresh on 401 (expires_in comes as a string)", async () => {
    await client.stkPush(stk("1234"));
    const before = fake.requests.filter((q) => q.path.startsWith("/oauth/v1/generate")).length;
    fake.expireTokens();
    expect((await client.stkPush(stk("1234"))).state).toBe("pending");
    expect(fake.requests.filter((q) => q.path.startsWith("/oauth/v1/generate")).length).toBe(before + 1);
  });

  it("5xx burst: outcome unknown, then recovers", async () => {
    fake.failNext(1, 502);
    expect(await client.b2cPayment(b2c("1234")).catch((x) => x)).toMatchObject({ kind: "server", status: 502, outcomeUnknown: true });
    expect((await client.b2cPayment(b2c("1234"))).state).toBe("pending");
  });

  it("timeout: outcome unknown; the B2C retry with the same id is not a second payout", async () => {
    const slow = createDarajaClient(darajaConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 150 });
    await slow.stkQuery("ws_CO_warm", "warm");
    fake.set({ slowMs: 400 });
    const r = b2c("1234");
    expect(await slow.b2cPayment(r).catch((x) => x)).toMatchObject({ kind: "timeout", outcomeUnknown: true });
    fake.set({ slowMs: 0 });
    await waitFor(() => fake.b2cRequests.has(r.originatorConversationId));
    expect(await slow.b2cPayment(r)).toMatchObject({ duplicate: true });
  });

  it("logs carry request ids, never the consumer secret, passkey, security credential or tokens", async () => {
    await client.stkPush(stk("1234", { requestId: "req_daraja_log" }));
    const text = log.text();
    expect(text).toContain("req_daraja_log");
    for (const s of [fake.config.consumerSecret, fake.config.passkey, fake.config.securityCredential, "Bearer", "Basic"]) expect(text).not.toContain(s);
  });
});
