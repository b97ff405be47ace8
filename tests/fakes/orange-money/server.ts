import { randomBytes } from "node:crypto";
import { FakeServer, basicCredentials, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of Orange Money Web Payment (see README.md), as developer.orange.com's getting
 * started guide and API reference describe it: OAuth2 client credentials at
 * /oauth/v3/token, then per country segment `webpayment` (answers 201 with pay_token,
 * payment_url, notif_token) and `transactionstatus` (INITIATED, PENDING, SUCCESS, FAILED,
 * EXPIRED). The customer pays on the payment_url (POST it `msisdn=<number>`: the last 4
 * digits choose the outcome, tests/fakes/common.ts); Orange then posts
 * `{ status, notif_token, txnid }` to the payment's notif_url. A session nobody pays
 * expires after `sessionTtlMs`.
 */
export interface OrangeMoneyFakeOptions extends FakeOptions {
  clientId?: string;
  clientSecret?: string;
  merchantKey?: string;
  /** How long a payment session stays payable (Orange: a few minutes). */
  sessionTtlMs?: number;
}

/** Country segment -> the currency its merchant accounts take (`dev` is the sandbox's OUV). */
export const ORANGE_SEGMENTS: Record<string, string> = { ci: "XOF", sn: "XOF", ml: "XOF", bf: "XOF", cm: "XAF", gn: "GNF", cd: "CDF", dev: "OUV" };

type Status = "INITIATED" | "PENDING" | "SUCCESS" | "FAILED" | "EXPIRED";

export interface OrangeSession {
  segment: string;
  orderId: string;
  amount: number;
  currency: string;
  payToken: string;
  notifToken: string;
  notifUrl: string;
  returnUrl: string;
  status: Status;
  txnid: string | null;
  createdAt: number;
  msisdn: string | null;
}

const error = (status: number, code: number, message: string, description: string): FakeAnswer => ({ status, body: { code, message, description } });

export function createOrangeMoneyFake(options: OrangeMoneyFakeOptions = {}) {
  const cfg = {
    clientId: options.clientId ?? "orange-client-id",
    clientSecret: options.clientSecret ?? "orange-client-secret",
    merchantKey: options.merchantKey ?? "orange-merchant-key",
    sessionTtlMs: options.sessionTtlMs ?? 10 * 60_000,
  };
  const sessions = new Map<string, OrangeSession>();
  const byOrder = new Map<string, OrangeSession>();

  function current(s: OrangeSession): OrangeSession {
    if ((s.status === "INITIATED" || s.status === "PENDING") && !s.msisdn && Date.now() - s.createdAt > cfg.sessionTtlMs) s.status = "EXPIRED";
    return s;
  }

  /** The customer on the payment page: enters their number; the outcome lands after outcomeDelayMs. */
  function pay(s: OrangeSession, msisdn: string): FakeAnswer {
    current(s);
    if (s.status !== "INITIATED") return { status: 409, body: { message: `This payment is ${s.status.toLowerCase()}` } };
    s.msisdn = msisdn;
    s.status = "PENDING";
    const outcome = outcomeOf(msisdn);
    if (outcome !== "never") {
      fake.later(fake.opts.outcomeDelayMs, () => {
        s.status = outcome === "successful" ? "SUCCESS" : outcome === "expired" ? "EXPIRED" : "FAILED";
        s.txnid = s.status === "SUCCESS" ? `MP${Date.now()}.${randomBytes(3).toString("hex")}` : null;
        return fake.callback(s.notifUrl, { status: s.status, notif_token: s.notifToken, txnid: s.txnid });
      });
    }
    return { status: 302, headers: { location: s.returnUrl } };
  }

  const handler = (req: FakeRequest): FakeAnswer | null => {
    const path = req.url.pathname;
    if (path === "/oauth/v3/token") {
      const creds = basicCredentials(req.headers);
      if (req.method !== "POST" || new URLSearchParams(req.body).get("grant_type") !== "client_credentials") {
        return { status: 400, body: { error: "invalid_request", error_description: "grant_type must be client_credentials" } };
      }
      if (!creds || creds[0] !== cfg.clientId || creds[1] !== cfg.clientSecret) return { status: 401, body: { error: "invalid_client", error_description: "The requested service needs credentials" } };
      const { token, expiresIn } = fake.issueToken();
      return { status: 200, body: { token_type: "Bearer", access_token: token, expires_in: expiresIn } };
    }
    const page = /^\/webpayment-page\/([^/]+)$/.exec(path);
    if (page) {
      const s = sessions.get(page[1]);
      if (!s) return { status: 404, body: { message: "Unknown payment" } };
      if (req.method === "GET") return { status: 200, body: { merchant: "Sika", amount: s.amount, currency: s.currency, status: current(s).status } };
      const msisdn = new URLSearchParams(req.body).get("msisdn") ?? (req.json as { msisdn?: string } | undefined)?.msisdn;
      return msisdn ? pay(s, msisdn) : { status: 400, body: { message: "msisdn is required" } };
    }
    const m = /^\/orange-money-webpay\/([a-z]+)\/v1\/(webpayment|transactionstatus)$/.exec(path);
    if (!m || req.method !== "POST") return null;
    if (!fake.bearerValid(req.headers)) return error(401, 42, "Expired credentials", "The requested service needs credentials, but the ones provided were invalid or expired");
    const currency = ORANGE_SEGMENTS[m[1]];
    if (!currency) return error(404, 60, "Resource not found", `Unknown country segment ${m[1]}`);
    const b = (req.json ?? {}) as Record<string, unknown>;

    if (m[2] === "transactionstatus") {
      const s = typeof b.pay_token === "string" ? sessions.get(b.pay_token) : undefined;
      if (!s || s.orderId !== b.order_id || s.amount !== b.amount) return error(404, 60, "Resource not found", "No transaction with this order_id, amount and pay_token");
      current(s);
      return { status: 201, body: { status: s.status, order_id: s.orderId, txnid: s.txnid } };
    }

    if (b.merchant_key !== cfg.merchantKey) return error(400, 1, "Invalid merchant key", "The merchant_key is unknown");
    for (const field of ["order_id", "return_url", "cancel_url", "notif_url", "lang", "reference"]) {
      if (typeof b[field] !== "string" || !b[field]) return error(400, 1, "Missing parameter", `${field} is required`);
    }
    if (b.currency !== currency) return error(400, 1, "Invalid currency", `The ${m[1]} merchant account takes ${currency}`);
    if (typeof b.amount !== "number" || !Number.isInteger(b.amount) || b.amount <= 0) return error(400, 1, "Invalid amount", "amount must be a positive whole number");
    const orderId = b.order_id as string;
    if (orderId.length > 64) return error(400, 1, "Invalid order_id", "order_id is at most 64 characters");
    const earlier = byOrder.get(`${m[1]}:${orderId}`);
    if (earlier) {
      // The same order again (a retry): the same session when it is the same payment.
      if (earlier.amount !== b.amount) return error(400, 1, "Duplicate order_id", "This order_id was already used for another amount");
      return { status: 201, body: { status: 201, message: "OK", pay_token: earlier.payToken, payment_url: `${fake.baseUrl}/webpayment-page/${earlier.payToken}`, notif_token: earlier.notifToken } };
    }
    const s: OrangeSession = {
      segment: m[1],
      orderId,
      amount: b.amount,
      currency,
      payToken: `v1${randomBytes(16).toString("hex")}`,
      notifToken: randomBytes(16).toString("hex"),
      notifUrl: b.notif_url as string,
      returnUrl: b.return_url as string,
      status: "INITIATED",
      txnid: null,
      createdAt: Date.now(),
      msisdn: null,
    };
    sessions.set(s.payToken, s);
    byOrder.set(`${m[1]}:${orderId}`, s);
    return { status: 201, body: { status: 201, message: "OK", pay_token: s.payToken, payment_url: `${fake.baseUrl}/webpayment-page/${s.payToken}`, notif_token: s.notifToken } };
  };

  const fake = new FakeServer("orange-money", options, handler);
  return Object.assign(fake, {
    config: cfg,
    sessions,
    /** The customer pays on the session's page with this number (tests; curl can POST the payment_url too). */
    customerPays: async (paymentUrl: string, msisdn: string) => {
      const res = await fetch(paymentUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `msisdn=${encodeURIComponent(msisdn)}`, redirect: "manual" });
      return res.status;
    },
  });
}

export type OrangeMoneyFake = ReturnType<typeof createOrangeMoneyFake>;
