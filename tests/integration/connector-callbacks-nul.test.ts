import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";

/**
 * Operator callbacks are reached before anything is verified, and the ids they carry (in
 * the path or the body) are looked up in the database. PostgreSQL text cannot hold U+0000:
 * an id holding one failed the query (500, an error log per request, the operator retrying
 * forever). No id of ours holds a NUL, so such an id must be answered exactly as an id we
 * do not know. Each case here answered 500 before.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ contract: false });
});
afterAll(async () => {
  await app.close();
});

const call = async (path: string, body: unknown) => {
  const res = await fetch(`${app.baseUrl}/api/connectors/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

// [callback path, body] with an id holding a NUL, and the same with an id we do not know.
const cases: Array<[name: string, withNul: [string, unknown], unknown: [string, unknown]]> = [
  ["MoMo callback, id in the path", ["mtn/callback/pi_%00x", { status: "SUCCESSFUL" }], ["mtn/callback/pi_unknown", { status: "SUCCESSFUL" }]],
  ["M-Pesa STK callback, id in the path", ["safaricom/stk/%00", { Body: { stkCallback: { ResultCode: 0 } } }], ["safaricom/stk/pi_unknown", { Body: { stkCallback: { ResultCode: 0 } } }]],
  ["M-Pesa B2C result, id in the path", ["safaricom/b2c/result/po_%00/secret", { Result: { ResultCode: 0 } }], ["safaricom/b2c/result/po_unknown/secret", { Result: { ResultCode: 0 } }]],
  ["Orange Money notification, id in the path", ["orange/notify/pi_%00", { status: "SUCCESS", notif_token: "t", txnid: "MP1" }], ["orange/notify/pi_unknown", { status: "SUCCESS", notif_token: "t", txnid: "MP1" }]],
  ["Airtel callback, handle in the body", ["airtel/callback", { transaction: { id: "x\u0000", status_code: "TS" } }], ["airtel/callback", { transaction: { id: "unknown", status_code: "TS" } }]],
  ["pawaPay deposit callback, id in the body", ["pawapay/deposits", { depositId: "\u0000", status: "COMPLETED" }], ["pawapay/deposits", { depositId: "00000000-0000-4000-8000-000000000000", status: "COMPLETED" }]],
  ["pawaPay payout callback, id in the body", ["pawapay/payouts", { payoutId: "a\u0000b", status: "COMPLETED" }], ["pawapay/payouts", { payoutId: "00000000-0000-4000-8000-000000000000", status: "COMPLETED" }]],
  ["pawaPay refund callback, id in the body", ["pawapay/refunds", { refundId: "\u0000", status: "COMPLETED" }], ["pawapay/refunds", { refundId: "00000000-0000-4000-8000-000000000000", status: "COMPLETED" }]],
];

describe("operator callbacks carrying a NUL in an id", () => {
  for (const [name, withNul, unknown] of cases) {
    it(`${name}: answered as an unknown id, not a 500`, async () => {
      const got = await call(...withNul);
      expect(got.status).toBeLessThan(500);
      expect(got).toEqual(await call(...unknown));
    });
  }
});
