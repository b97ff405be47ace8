import { createHmac, randomBytes } from "node:crypto";
import { FakeServer, header, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of the Wave Checkout API, Payout API and signed webhooks (docs.wave.com; see
 * README.md next to this file).
 */
export interface WaveFakeOptions extends FakeOptions {
  apiKey?: string;
  webhookSecret?: string;
  /** Where events are posted (Wave registers it in the Business Portal, not per request). */
  webhookUrl?: string;
}

export const WAVE_DEFAULTS = { apiKey: "wave_sn_prod_fakeKEY0123456789", webhookSecret: "wave_sn_WHS_fakesecret0123456789" };

const ZERO_DECIMAL = new Set(["XOF", "XAF"]); // ISO 4217: no minor unit. GMD has butut (2 decimals)
const CURRENCIES = new Set(["XOF", "XAF", "GMD", "UGX"]);

const validation = (loc: string, msg: string): FakeAnswer => ({
  status: 400,
  body: { code: "request-validation-error", message: "Request invalid", details: [{ loc: [loc], msg }] },
});

/** Signs a body the way Wave's "signing secret" strategy does: HMAC-SHA256(secret, timestamp + body), hex. */
export function waveSignatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

interface Session {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  success_url: string;
  error_url: string;
  restrict_payer_mobile: string | null;
  checkout_status: "open" | "complete" | "expired";
  payment_status: "processing" | "cancelled" | "succeeded";
  last_payment_error: { code: string; message: string } | null;
  transaction_id: string | null;
  when_created: string;
  when_completed: string | null;
  when_expires: string;
  wave_launch_url: string;
  business_name: string;
}

interface Payout {
  id: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name: string | null;
  client_reference: string | null;
  status: "processing" | "succeeded" | "failed" | "reversed";
  timestamp: string;
  payout_error?: { error_code: string; error_message: string };
}

const PAYOUT_ERRORS: Record<string, { error_code: string; error_message: string }> = {
  insufficient: { error_code: "recipient-not-found", error_message: "The mobile number is not a Wave account" },
  declined: { error_code: "recipient-limit-exceeded", error_message: "The recipient's wallet limit would be exceeded" },
  expired: { error_code: "internal-error", error_message: "An internal error occurred" },
  other: { error_code: "blocked-account", error_message: "The recipient's account is blocked" },
};

export function createWaveFake(options: WaveFakeOptions = {}) {
  const cfg = { ...WAVE_DEFAULTS, apiKey: options.apiKey ?? WAVE_DEFAULTS.apiKey, webhookSecret: options.webhookSecret ?? WAVE_DEFAULTS.webhookSecret };
  let webhookUrl = options.webhookUrl;
  const sessions = new Map<string, Session>();
  const payouts = new Map<string, Payout>();
  const idempotency = new Map<string, { body: string; answer: FakeAnswer }>();

  async function sendEvent(type: string, data: unknown): Promise<void> {
    const body = JSON.stringify({ id: `AE_${randomBytes(8).toString("hex")}`, type, data });
    await fake.callback(webhookUrl, body, "POST", { "Wave-Signature": waveSignatureHeader(cfg.webhookSecret, body) });
  }

  function resolveSession(s: Session): void {
    const outcome = outcomeOf(s.restrict_payer_mobile ?? "");
    if (s.checkout_status !== "open" || outcome === "never") return;
    const now = new Date().toISOString();
    if (outcome === "successful") {
      Object.assign(s, { checkout_status: "complete", payment_status: "succeeded", transaction_id: `T_${randomBytes(6).toString("hex").toUpperCase()}`, when_completed: now });
      void sendEvent("checkout.session.completed", s);
    } else if (outcome === "declined" || outcome === "expired") {
      // The payer walked away (or declined): the session expires unpaid.
      Object.assign(s, { checkout_status: "expired", payment_status: "cancelled" });
    } else {
      s.last_payment_error =
        outcome === "insufficient" ? { code: "insufficient-funds", message: "The payer does not have enough funds" } : { code: "blocked-account", message: "The payer's account is blocked" };
      void sendEvent("checkout.session.payment_failed", s);
    }
  }

  const handler = async (req: FakeRequest): Promise<FakeAnswer | null> => {
    const path = req.url.pathname;
    const launch = /^\/c\/([^/]+)$/.exec(path);
    if (launch) {
      const s = sessions.get(launch[1]);
      return s ? { status: 200, body: `<html><body>Fake Wave checkout ${s.id}: ${s.amount} ${s.currency}</body></html>`, headers: { "content-type": "text/html" } } : null;
    }
    if (!path.startsWith("/v1/")) return null;
    const auth = header(req.headers, "authorization");
    if (!auth) return { status: 401, body: { code: "missing-auth-header", message: "Missing Authorization header" } };
    if (auth !== `Bearer ${cfg.apiKey}`) return { status: 401, body: { code: "invalid-auth", message: "Invalid API key" } };

    const isCreate = req.method === "POST" && (path === "/v1/checkout/sessions" || path === "/v1/payout");
    const key = header(req.headers, "idempotency-key");
    if (isCreate && key) {
      const prior = idempotency.get(`${path}|${key}`);
      if (prior) {
        if (prior.body !== req.body) return { status: 409, body: { code: "idempotency-mismatch", message: "Idempotency key reused with a different request" } };
        return prior.answer;
      }
    }
    const answer = await route(req, path, key);
    if (isCreate && key && answer && answer.status < 500) idempotency.set(`${path}|${key}`, { body: req.body, answer });
    return answer;
  };

  async function route(req: FakeRequest, path: string, key: string | undefined): Promise<FakeAnswer | null> {
    const b = (req.json ?? {}) as Record<string, unknown>;
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const currency = String(b.currency ?? "");
      if (!CURRENCIES.has(currency)) return validation("currency", "Unsupported currency");
      const amount = typeof b.amount === "string" ? b.amount : "";
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return validation("amount", "Amount must be a positive decimal string");
      if (ZERO_DECIMAL.has(currency) && amount.includes(".")) return validation("amount", `${currency} amounts cannot have decimals`);
      for (const k of ["success_url", "error_url"]) if (typeof b[k] !== "string" || !/^https?:\/\//.test(b[k] as string)) return validation(k, "Must be an http(s) URL");
      const mobile = b.restrict_payer_mobile;
      if (mobile !== undefined && (typeof mobile !== "string" || !/^\+\d{8,15}$/.test(mobile))) return validation("restrict_payer_mobile", "Must be E.164 with the plus");
      const id = `cos-${randomBytes(9).toString("hex")}`;
      const now = Date.now();
      const s: Session = {
        id,
        amount,
        currency,
        client_reference: typeof b.client_reference === "string" ? b.client_reference : null,
        success_url: b.success_url as string,
        error_url: b.error_url as string,
        restrict_payer_mobile: (mobile as string | undefined) ?? null,
        checkout_status: "open",
        payment_status: "processing",
        last_payment_error: null,
        transaction_id: null,
        when_created: new Date(now).toISOString(),
        when_completed: null,
        when_expires: new Date(now + 30 * 60_000).toISOString(),
        wave_launch_url: `${fake.baseUrl}/c/${id}`,
        business_name: "Fake Wave Business",
      };
      sessions.set(id, s);
      fake.later(fake.opts.outcomeDelayMs, () => resolveSession(s));
      return { status: 200, body: s };
    }
    const sess = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sess) {
      const s = sessions.get(sess[1]);
      if (!s) return { status: 404, body: { code: "checkout-session-not-found", message: "Checkout session not found" } };
      if (sess[2] && req.method === "POST") {
        if (s.checkout_status === "complete") return { status: 409, body: { code: "checkout-session-already-complete", message: "Session is complete" } };
        Object.assign(s, { checkout_status: "expired", payment_status: s.payment_status === "succeeded" ? "succeeded" : "cancelled" });
        return { status: 200, body: {} };
      }
      return req.method === "GET" ? { status: 200, body: s } : null;
    }
    if (req.method === "POST" && path === "/v1/payout") {
      if (!key) return { status: 400, body: { code: "missing-idempotency-key", message: "The Idempotency-Key header is required" } };
      const currency = String(b.currency ?? "");
      if (!CURRENCIES.has(currency)) return validation("currency", "Unsupported currency");
      const amount = typeof b.receive_amount === "string" ? b.receive_amount : "";
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return validation("receive_amount", "Amount must be a positive decimal string");
      if (ZERO_DECIMAL.has(currency) && amount.includes(".")) return validation("receive_amount", `${currency} amounts cannot have decimals`);
      if (typeof b.mobile !== "string" || !/^\+\d{8,15}$/.test(b.mobile)) return validation("mobile", "Must be E.164 with the plus");
      const p: Payout = {
        id: `pt-${randomBytes(9).toString("hex")}`,
        currency,
        receive_amount: amount,
        fee: "0",
        mobile: b.mobile,
        name: typeof b.name === "string" ? b.name : null,
        client_reference: typeof b.client_reference === "string" ? b.client_reference : null,
        status: "processing",
        timestamp: new Date().toISOString(),
      };
      payouts.set(p.id, p);
      const outcome = outcomeOf(p.mobile);
      if (outcome !== "never") {
        fake.later(fake.opts.outcomeDelayMs, () => {
          if (outcome === "successful") p.status = "succeeded";
          else Object.assign(p, { status: "failed", payout_error: PAYOUT_ERRORS[outcome] });
        });
      }
      return { status: 200, body: { ...p } };
    }
    const pay = /^\/v1\/payout\/([^/]+)$/.exec(path);
    if (pay && req.method === "GET") {
      const p = payouts.get(pay[1]);
      return p ? { status: 200, body: p } : { status: 404, body: { code: "payout-not-found", message: "Payout not found" } };
    }
    return null;
  }

  const fake = new FakeServer("wave", options, handler);
  return Object.assign(fake, {
    config: cfg,
    sessions,
    payouts,
    setWebhookUrl: (url: string | undefined) => {
      webhookUrl = url;
    },
    sign: (body: string, timestamp?: number) => waveSignatureHeader(cfg.webhookSecret, body, timestamp),
  });
}

export type WaveFake = ReturnType<typeof createWaveFake>;
