import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { airtelAvailable, airtelCallbackHint, airtelConfig, airtelMsisdn, createAirtelClient, type AirtelClient, type AirtelRequest } from "@/server/connectors/airtel/client";
import { AmountNotRepresentable } from "@/server/connectors/operator-http";
import { createAirtelFake, type AirtelFake } from "../fakes/airtel/server";
import { captureLogger, startReceiver, waitFor } from "../fakes/test-support";

/** The Airtel client against the Airtel fake, over real HTTP. */
let fake: AirtelFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let log: ReturnType<typeof captureLogger>;
let client: AirtelClient;

const env = (baseUrl: string, over: Record<string, string> = {}) => ({
  AIRTEL_BASE_URL: baseUrl,
  AIRTEL_CLIENT_ID: fake.config.clientId,
  AIRTEL_CLIENT_SECRET: fake.config.clientSecret,
  AIRTEL_DISBURSEMENT_PIN: fake.config.disbursementPin,
  AIRTEL_PUBLIC_KEY: fake.publicKeyBase64,
  AIRTEL_COUNTRIES: "UG,KE,RW",
  ...over,
});

const req = (suffix: string, over: Partial<AirtelRequest> = {}): AirtelRequest => ({
  transactionId: randomUUID().replace(/-/g, ""),
  amount: 300000n,
  currency: "UGX",
  countryCode: "UG",
  phone: `25675000${suffix}`,
  reference: "Sika payin",
  requestId: `req_${randomUUID().slice(0, 8)}`,
  ...over,
});
const where = (r: AirtelRequest) => ({ countryCode: r.countryCode, currency: r.currency, requestId: "q" });

async function final(get: () => Promise<{ state: string }>) {
  return waitFor(async () => {
    const s = await get();
    return s.state !== "pending" && s;
  });
}

beforeAll(async () => {
  receiver = await startReceiver();
  fake = createAirtelFake({ outcomeDelayMs: 150, tokenTtlSeconds: 180 });
  fake.setCallbackUrl(`${receiver.url}/api/connectors/airtel/callback`);
  await fake.start();
  log = captureLogger();
  client = createAirtelClient(airtelConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 2000 });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
afterEach(() => fake.set({ slowMs: 0, loseCallbacks: false, outcomeDelayMs: 150 }));

describe("Airtel configuration (D15)", () => {
  it("is live in AIRTEL_COUNTRIES; payouts need the PIN and public key", () => {
    const cfg = airtelConfig(env("http://x"));
    expect(airtelAvailable(cfg, "UG", "payout")).toBe(true);
    expect(airtelAvailable(cfg, "TZ", "payin")).toBe(false);
    const noPin = airtelConfig(env("http://x", { AIRTEL_DISBURSEMENT_PIN: "" }));
    expect([airtelAvailable(noPin, "UG", "payin"), airtelAvailable(noPin, "UG", "payout")]).toEqual([true, false]);
    expect(airtelConfig(env("http://x", { AIRTEL_COUNTRIES: "" }))).toBeNull();
    expect(airtelMsisdn("256750001234", "UG")).toBe("750001234");
    // Calling codes come from libphonenumber's ITU metadata (issue 26), for every Airtel country.
    expect([airtelMsisdn("255681219610", "TZ"), airtelMsisdn("260971234567", "ZM"), airtelMsisdn("0750001234", "UG")]).toEqual(["681219610", "971234567", "0750001234"]);
  });
});

describe("Airtel collection (USSD push)", () => {
  it("pushes with the MSISDN without country code, enquiry says TIP then TS, the callback names the transaction", async () => {
    // The outcome lands well after the first query, even on a loaded machine: at 150 ms a slow
    // collect left no time to see "pending" (CI, 2026-12-04).
    fake.set({ outcomeDelayMs: 1500 });
    const r = req("1234");
    expect((await client.collect(r)).state).toBe("pending");
    const sent = fake.requests.find((q) => q.path === "/merchant/v1/payments/" && q.body.includes(r.transactionId))!;
    expect(JSON.parse(sent.body)).toEqual({
      reference: "Sika payin",
      subscriber: { country: "UG", currency: "UGX", msisdn: "750001234" },
      transaction: { amount: 3000, country: "UG", currency: "UGX", id: r.transactionId },
    });
    expect([sent.headers["x-country"], sent.headers["x-currency"]]).toEqual(["UG", "UGX"]);
    expect((await client.getCollection(r.transactionId, where(r))).state).toBe("pending");
    const done = await final(() => client.getCollection(r.transactionId, where(r)));
    expect(done).toMatchObject({ state: "successful", operatorCode: "DP00800001001" });
    const cb = await waitFor(() => receiver.received.find((c) => c.body.includes(r.transactionId)));
    expect(airtelCallbackHint(JSON.parse(cb.body))).toEqual({ transactionId: r.transactionId });
  });

  it.each([
    ["0001", "failed", "Customer has insufficient funds"],
    ["0002", "cancelled", "Customer declined the payment"],
    ["0004", "cancelled", "Customer did not approve the payment in time"],
    ["0005", "failed", "Customer entered a wrong PIN"],
  ])("phone ending %s ends %s: %s", async (suffix, state, reason) => {
    const r = req(suffix);
    await client.collect(r);
    expect(await final(() => client.getCollection(r.transactionId, where(r)))).toMatchObject({ state, reason });
  });

  it("a reused transaction id is the earlier submission; unknown ids are notFound", async () => {
    const r = req("1234");
    await client.collect(r);
    expect(await client.collect({ ...r, requestId: "retry" })).toMatchObject({ state: "pending", duplicate: true });
    expect(await client.getCollection("nope", where(r))).toMatchObject({ state: "unknown", notFound: true });
  });

  it("validation: UGX cents refused before the call; a country/currency mismatch refused by Airtel", async () => {
    await expect(client.collect(req("1234", { amount: 300050n }))).rejects.toBeInstanceOf(AmountNotRepresentable);
    // TZS has cents (ISO 4217): 3,000.50 TZS goes as 3000.5, not refused (issue 26).
    expect(await client.collect(req("1235", { amount: 300050n, currency: "TZS", countryCode: "TZ", phone: "255681231235" })).catch((x) => x)).not.toBeInstanceOf(AmountNotRepresentable);
    expect(await client.collect(req("1234", { currency: "KES" })).catch((x) => x)).toMatchObject({ kind: "rejected", status: 400 });
  });

  it("callbacks lost: the enquiry still finds the outcome", async () => {
    fake.set({ loseCallbacks: true });
    const r = req("1234");
    await client.collect(r);
    expect((await final(() => client.getCollection(r.transactionId, where(r)))).state).toBe("successful");
  });
});

describe("Airtel disbursement", () => {
  it("sends the PIN RSA-encrypted (the fake decrypts and checks it) and succeeds", async () => {
    const r = req("1234");
    expect((await client.disburse(r)).state).toBe("pending");
    const sent = JSON.parse(fake.requests.find((q) => q.path === "/standard/v1/disbursements/" && q.body.includes(r.transactionId))!.body);
    expect(sent.pin).not.toBe(fake.config.disbursementPin);
    expect(sent).toMatchObject({ payee: { msisdn: "750001234", wallet_type: "NORMAL" }, transaction: { amount: 3000, type: "B2C" } });
    expect((await final(() => client.getDisbursement(r.transactionId, where(r)))).state).toBe("successful");
  });

  it("a wrong PIN is refused in words; an unregistered recipient fails in words", async () => {
    const wrong = createAirtelClient(airtelConfig(env(fake.baseUrl, { AIRTEL_DISBURSEMENT_PIN: "9999" }))!, { logger: log.logger });
    expect(await wrong.disburse(req("1234")).catch((x) => x)).toMatchObject({ kind: "rejected", message: "The disbursement PIN was refused", code: "DP00900001002" });
    const r = req("0001");
    await client.disburse(r);
    expect(await final(() => client.getDisbursement(r.transactionId, where(r)))).toMatchObject({ state: "failed", reason: "Recipient's number is not registered for Airtel Money" });
  });
});

describe("Airtel operator failures", () => {
  it("token expiry mid-run: one refresh on 401", async () => {
    await client.collect(req("1234"));
    const before = fake.requests.filter((q) => q.path === "/auth/oauth2/token").length;
    fake.expireTokens();
    expect((await client.collect(req("1234"))).state).toBe("pending");
    expect(fake.requests.filter((q) => q.path === "/auth/oauth2/token").length).toBe(before + 1);
  });

  it("5xx burst, then recovery; a timeout is outcome-unknown and the retry is a duplicate, not a second payout", async () => {
    fake.failNext(1, 503);
    expect(await client.disburse(req("1234")).catch((x) => x)).toMatchObject({ kind: "server", outcomeUnknown: true });
    const slow = createAirtelClient(airtelConfig(env(fake.baseUrl))!, { logger: log.logger, timeoutMs: 150 });
    await slow.getCollection("warm", where(req("1234")));
    fake.set({ slowMs: 400 });
    const r = req("1234");
    expect(await slow.disburse(r).catch((x) => x)).toMatchObject({ kind: "timeout" });
    fake.set({ slowMs: 0 });
    await waitFor(() => fake.transactions.has(`disbursement:${r.transactionId}`));
    expect(await slow.disburse(r)).toMatchObject({ duplicate: true });
  });

  it("logs never carry the client secret, PIN or tokens", () => {
    const text = log.text();
    expect(text).toContain("operator call");
    for (const s of [fake.config.clientSecret, "Bearer", `"pin"`]) expect(text).not.toContain(s);
  });
});
