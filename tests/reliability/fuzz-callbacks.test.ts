import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest, payoutRequest, fund } from "../helpers/payments";
import { setEnv } from "../helpers/live";
import { waveSignatureHeader } from "../fakes/wave/server";
import { operators } from "@/server/connectors/index";
import { figure, makeAgent, request } from "./lib/client";
import { bodyFor, segmentFor, tricky } from "./lib/fuzz-arbitraries";
import { fuzzInBatches } from "./lib/fuzz-run";

/**
 * Property-based fuzzing of the operator callbacks, `/api/connectors/{segment}/…`: the
 * part of the API anyone can reach before a signature or secret is checked. Paths are
 * built from every operator's callback segments and words, with our ids, tricky and
 * random text; bodies are shaped like each operator's callbacks (the fields they read)
 * holding anything JSON can, or are garbage. Wave is configured, and half of the bodies
 * are signed with its secret, so its verified path is fuzzed too. The properties: never a
 * 5xx (an operator retries a 5xx forever), always the JSON answer `{ received, … }`, with
 * `received` true exactly on 200. Cases: FUZZ_RUNS / 2.5 (FUZZ_RUNS is the API fuzz's
 * count, default 10,000: 4,000 here, a few seconds); FUZZ_SEED replays a run.
 */
const RUNS = Math.ceil(Number(process.env.FUZZ_RUNS ?? 10_000) / 2.5);
const PER_RUN = 4;
const WAVE_SECRET = "wave_fuzz_secret";

let app: TestApp;
let undoEnv: () => void;
const knownIds: string[] = [];
const agent = makeAgent(8);

beforeAll(async () => {
  app = await startTestApp({ poolMax: 10 });
  // Wave's callback checks its signature only when configured; nothing here reaches Wave (port 9).
  undoEnv = setEnv({ WAVE_BASE_URL: "http://127.0.0.1:9", WAVE_API_KEY: "wave_fuzz_key", WAVE_WEBHOOK_SECRET: WAVE_SECRET });
  const owner = await app.createMerchant();
  await fund(app.database.db, { merchantId: owner.merchantId, currency: "XOF", amount: 1_000_000 });
  for (const [p, json] of [
    ["/api/v1/merchant/payin", payinRequest({ order_id: "fuzz-cb-in" })],
    ["/api/v1/merchant/payout", payoutRequest({ order_id: "fuzz-cb-out" })],
  ] as const) {
    const res = await app.request(p, { method: "POST", key: owner.testApiKey, json });
    expect(res.status).toBe(200);
    knownIds.push(res.body.data.transaction_id);
  }
}, 120_000);
afterAll(async () => {
  undoEnv?.();
  agent.destroy();
  await app?.close();
});

const segments = [...new Set(operators.flatMap((d) => d.callbackSegments)), "nope", "MTN"];
const words = ["callback", "stk", "b2c", "result", "timeout", "notify", "webhook", "deposits", "payouts", "refunds"];

const value = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...tricky, ...knownIds, "00000000-0000-4000-8000-000000000000") },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
const statusWord = fc.constantFrom("SUCCESSFUL", "SUCCESS", "COMPLETED", "FAILED", "ACCEPTED", "TS", "TF", "TA", "TIP", "INITIATED", "", "x");
const part = <T>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) => fc.record(shape, { requiredKeys: [] });

/** The fields each operator's callback handling reads, each holding anything. */
const operatorShaped = () =>
  fc.oneof(
    part({ transaction: part({ id: value(), status_code: statusWord, message: value(), airtel_money_id: value() }) }),
    part({ depositId: value(), payoutId: value(), refundId: value(), status: statusWord, failureReason: value() }),
    part({ Body: part({ stkCallback: part({ CheckoutRequestID: value(), MerchantRequestID: value(), ResultCode: fc.oneof(fc.integer(), value()), ResultDesc: value() }) }) }),
    part({ Result: part({ ResultCode: fc.oneof(fc.integer(), value()), OriginatorConversationID: value(), ConversationID: value(), TransactionID: value(), ResultParameters: value() }) }),
    part({ status: statusWord, notif_token: value(), txnid: value() }),
    part({ financialTransactionId: value(), externalId: value(), status: statusWord, reason: value() }),
    part({
      id: value(),
      type: fc.constantFrom("checkout.session.completed", "checkout.session.payment_failed", "payout.succeeded", "payout.failed", "merchant.payment_received", "x"),
      data: part({ id: value(), client_reference: value(), checkout_status: statusWord, payment_status: statusWord, transaction_id: value() }),
    }),
  );

interface Case {
  path: string;
  method: string;
  body: { text: string | Buffer | undefined; contentType: string | undefined };
  signWave: boolean;
}

/** Each operator's callback paths (docs/connectors.md), `{id}` filled with ids, tricky and random text. */
const TEMPLATES = [
  "mtn/callback/{id}",
  "safaricom/stk/{id}",
  "mpesa/stk/{id}",
  "safaricom/b2c/result/{id}/{id}",
  "safaricom/b2c/timeout/{id}/{id}",
  "wave/webhook",
  "airtel/callback",
  "orange/notify/{id}",
  "pawapay/deposits",
  "pawapay/payouts",
  "pawapay/refunds",
];

const templatePath = () =>
  fc
    .tuple(fc.constantFrom(...TEMPLATES), fc.array(segmentFor(knownIds), { minLength: 2, maxLength: 2 }))
    .map(([t, [a, b]]) => `/api/connectors/${t.replace("{id}", a).replace("{id}", b)}`);

const randomPath = () =>
  fc
    .tuple(
      fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...segments) }, { weight: 1, arbitrary: segmentFor(segments) }),
      fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...words) }, { weight: 3, arbitrary: segmentFor(knownIds) }), { minLength: 1, maxLength: 4 }),
    )
    .map(([segment, rest]) => `/api/connectors/${segment}/${rest.join("/")}`);

/** Built once the ids exist (beforeAll). */
const caseArb = (): fc.Arbitrary<Case> =>
  fc.record({
    path: fc.oneof({ weight: 4, arbitrary: templatePath() }, { weight: 1, arbitrary: randomPath() }),
    method: fc.oneof({ weight: 9, arbitrary: fc.constantFrom("POST", "PUT") }, { weight: 1, arbitrary: fc.constantFrom("GET", "PATCH", "DELETE") }),
    body: fc.oneof(
      { weight: 3, arbitrary: operatorShaped().map((o) => ({ text: JSON.stringify(o) as string | Buffer | undefined, contentType: "application/json" as string | undefined })) },
      { weight: 1, arbitrary: bodyFor(undefined) },
    ),
    signWave: fc.boolean(),
  });

function checkAnswer(status: number, text: string): void {
  expect(status, "no 5xx").toBeLessThan(500);
  let body: unknown;
  expect(() => (body = JSON.parse(text)), "JSON answer").not.toThrow();
  const b = body as Record<string, unknown>;
  if (!("received" in b)) {
    // Not a callback route at all ("/api/connectors/./x" is "/api/connectors/x"; GET): the router's 404 / 405 envelope.
    expect([404, 405], `router answer ${text.slice(0, 200)}`).toContain(status);
    expect(b.status).toBe("error");
    return;
  }
  expect(typeof b.received, `received in ${text.slice(0, 200)}`).toBe("boolean");
  expect(b.received, "received true exactly on 200").toBe(status === 200);
}

describe(`fuzzing the operator callbacks (${RUNS.toLocaleString("en-US")} cases)`, () => {
  it("never answers 5xx, always answers { received, … }", async () => {
    const { runs, statuses, seconds, byStatus } = await fuzzInBatches(caseArb(), { cases: RUNS, perRun: PER_RUN }, async (c) => {
      const headers: Record<string, string> = {};
      if (c.body.contentType) headers["content-type"] = c.body.contentType;
      const text = c.body.text === undefined ? undefined : Buffer.isBuffer(c.body.text) ? c.body.text : Buffer.from(c.body.text);
      if (c.signWave) headers["wave-signature"] = waveSignatureHeader(WAVE_SECRET, (text ?? Buffer.alloc(0)).toString("utf8"));
      const sendsBody = c.method !== "GET" && text !== undefined;
      const out = await request(app.baseUrl, c.path, { method: c.method, body: sendsBody ? text : undefined, headers, agent });
      if (!out.ok) throw new Error(`request failed: ${out.error}`);
      checkAnswer(out.res.status, out.res.text);
      return out.res.status;
    });
    figure("fuzz-callbacks", { cases: runs, seconds, perSecond: runs / seconds, fiveXX: 0, statuses: byStatus });
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // The cases reach the operators' handling: some are answered 200, some refused by it.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    expect([401, 403, 404].some((s) => (statuses.get(s) ?? 0) > 0)).toBe(true);
  });
});
