import { createHmac, timingSafeEqual } from "node:crypto";
import { isWholeUnitCurrency, type Minor } from "../../money";
import { OperatorError, OperatorHttp, checkAnswer, majorUnits, present, trimSlash, type HttpOptions, type OperatorAnswer, type OperatorResult } from "../operator-http";

/**
 * Wave client (docs.wave.com): Checkout API for payins (the customer opens the session's
 * wave_launch_url), Payout API for payouts, and verification of Wave's signed webhooks.
 * Authentication is the business API key as a bearer token. Both creations carry the
 * caller's Idempotency-Key, stored before the call: a replay gets the first answer back.
 */
const OPERATOR = "wave";

export interface WaveConfig {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
}

export const WAVE_COUNTRIES = ["SN", "CI", "GM"];

export function waveConfig(env: Record<string, string | undefined>): WaveConfig | null {
  const { WAVE_BASE_URL: baseUrl, WAVE_API_KEY: apiKey, WAVE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!present(baseUrl) || !present(apiKey) || !present(webhookSecret)) return null;
  return { baseUrl: trimSlash(baseUrl), apiKey, webhookSecret };
}

export function waveAvailable(cfg: WaveConfig | null, countryCode: string): boolean {
  return !!cfg && WAVE_COUNTRIES.includes(countryCode.toUpperCase());
}

const e164 = (phone: string) => (phone.startsWith("+") ? phone : `+${phone}`);

const PAYMENT_ERRORS: Record<string, string> = {
  "insufficient-funds": "Customer has insufficient funds",
  "blocked-account": "Customer's Wave account is blocked",
  "payer-mobile-mismatch": "The payment came from a different Wave number than the one requested",
  "cross-border-payment-not-allowed": "Wave does not allow this cross-border payment",
  "kyb-limits-exceeded": "The merchant's Wave limits have been reached",
};

const PAYOUT_ERRORS: Record<string, string> = {
  "recipient-not-found": "Recipient's number is not a Wave account",
  "recipient-limit-exceeded": "Recipient's Wave wallet limit would be exceeded",
  "insufficient-funds": "The Wave payout account has insufficient funds",
  "blocked-account": "Recipient's Wave account is blocked",
  "name-mismatch": "Recipient's name does not match the Wave account",
  "internal-error": "Wave could not process the payout",
};

export interface WaveSession {
  id: string;
  checkout_status: "open" | "complete" | "expired";
  payment_status: "processing" | "cancelled" | "succeeded";
  last_payment_error?: { code: string; message: string } | null;
  transaction_id?: string | null;
  wave_launch_url: string;
  client_reference?: string | null;
  amount: string;
  currency: string;
}

export function mapWaveSession(s: WaveSession): OperatorResult {
  if (s.checkout_status === "complete" && s.payment_status === "succeeded") return { state: "successful", operatorRef: s.transaction_id ?? s.id, reason: null, operatorCode: "succeeded" };
  if (s.checkout_status === "expired") return { state: "cancelled", operatorRef: s.id, reason: "Customer did not complete the payment before the checkout expired", operatorCode: "expired" };
  if (s.last_payment_error) {
    // The session stays open for another attempt; the wiring expires it (expireCheckout) to make this final.
    return { state: "failed", operatorRef: s.id, reason: PAYMENT_ERRORS[s.last_payment_error.code] ?? "Wave declined the payment", operatorCode: s.last_payment_error.code };
  }
  return { state: "pending", operatorRef: s.id, reason: null, operatorCode: s.payment_status };
}

export interface WavePayout {
  id: string;
  status: "processing" | "succeeded" | "failed" | "reversed";
  payout_error?: { error_code: string; error_message: string } | null;
}

export function mapWavePayout(p: WavePayout): OperatorResult {
  switch (p.status) {
    case "succeeded":
      return { state: "successful", operatorRef: p.id, reason: null, operatorCode: p.status };
    case "processing":
      return { state: "pending", operatorRef: p.id, reason: null, operatorCode: p.status };
    case "reversed":
      return { state: "failed", operatorRef: p.id, reason: "Wave reversed the payout", operatorCode: p.status };
    case "failed": {
      const code = p.payout_error?.error_code ?? "failed";
      return { state: "failed", operatorRef: p.id, reason: PAYOUT_ERRORS[code] ?? "Wave declined the payout", operatorCode: code };
    }
    default:
      return { state: "unknown", operatorRef: p.id, reason: null, operatorCode: String((p as { status?: unknown }).status) };
  }
}

export type WebhookCheck =
  | { ok: true; event: { id: string; type: string; data: Record<string, unknown> }; timestamp: number }
  | { ok: false; why: "missing" | "malformed" | "forged" | "stale" | "replayed" };

/**
 * Wave's "signing secret" strategy: `Wave-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`
 * where v1 = HMAC-SHA256(secret, t + raw body). Refused: no/malformed header, no matching
 * v1 (forged or altered), t outside the window (replayed late), or an event id already
 * processed (`seen`, replayed within the window).
 */
export function verifyWaveWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  opts: { toleranceSeconds?: number; now?: Date; seen?: (eventId: string) => boolean } = {},
): WebhookCheck {
  if (!signatureHeader) return { ok: false, why: "missing" };
  const parts = signatureHeader.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const sigs = parts.filter(([k, v]) => k === "v1" && v).map(([, v]) => v);
  if (!t || !/^\d+$/.test(t) || sigs.length === 0) return { ok: false, why: "malformed" };
  const expected = createHmac("sha256", secret).update(t + rawBody).digest();
  const match = sigs.some((s) => {
    const got = Buffer.from(s, "hex");
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  if (!match) return { ok: false, why: "forged" };
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(t)) > (opts.toleranceSeconds ?? 300)) return { ok: false, why: "stale" };
  let event: { id: string; type: string; data: Record<string, unknown> };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { ok: false, why: "malformed" };
  }
  if (!event || typeof event.id !== "string" || typeof event.type !== "string") return { ok: false, why: "malformed" };
  if (opts.seen?.(event.id)) return { ok: false, why: "replayed" };
  return { ok: true, event, timestamp: Number(t) };
}

/**
 * Event ids seen within the replay window, in memory. Enough for one process; the wiring
 * phase may keep them in the database instead (several instances).
 */
export class ReplayGuard {
  private seenAt = new Map<string, number>();
  constructor(private readonly windowMs = 10 * 60_000) {}

  /** True when already seen; records it otherwise. */
  seen = (id: string): boolean => {
    const now = Date.now();
    for (const [k, at] of this.seenAt) if (now - at > this.windowMs) this.seenAt.delete(k);
    if (this.seenAt.has(id)) return true;
    this.seenAt.set(id, now);
    return false;
  };
}

/** A verified event -> the checkout session it concerns and its outcome. */
export function mapWaveEvent(event: { type: string; data: Record<string, unknown> }): { sessionId: string; clientReference: string | null; result: OperatorResult } | null {
  if (!event.type.startsWith("checkout.session.")) return null;
  const s = event.data as unknown as WaveSession;
  if (typeof s?.id !== "string") return null;
  // Our client_reference is a string we sent; anything else in an event names nothing of ours.
  return { sessionId: s.id, clientReference: typeof s.client_reference === "string" ? s.client_reference : null, result: mapWaveSession(s) };
}

export interface WaveCheckoutRequest {
  idempotencyKey: string;
  amount: Minor;
  currency: string;
  /** E.164 digits; restricts the session to this payer. */
  phone: string;
  clientReference: string;
  successUrl: string;
  errorUrl: string;
  requestId: string;
}

export interface WavePayoutRequest {
  idempotencyKey: string;
  amount: Minor;
  currency: string;
  phone: string;
  name?: string;
  clientReference: string;
  requestId: string;
}

export function createWaveClient(cfg: WaveConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const auth = { authorization: `Bearer ${cfg.apiKey}` };

  const read = <T>(a: OperatorAnswer, what: string): T => {
    checkAnswer(OPERATOR, a);
    if (a.status === 200) return a.json as T;
    const e = (a.json ?? {}) as { code?: string; message?: string; details?: Array<{ loc?: string[]; msg?: string }> };
    const detail = e.details?.map((d) => `${(d.loc ?? []).join(".")}: ${d.msg}`).join("; ");
    throw new OperatorError(OPERATOR, "rejected", `${e.message ?? `Wave refused the ${what}`}${detail ? ` (${detail})` : ""}`, a.status, e.code ?? null);
  };

  return {
    operator: OPERATOR,

    /** Payin: a checkout session; the customer is sent to `launchUrl` (our redirect_url). */
    async createCheckout(r: WaveCheckoutRequest): Promise<OperatorResult & { launchUrl: string }> {
      const a = await http.send({
        method: "POST",
        url: `${cfg.baseUrl}/v1/checkout/sessions`,
        headers: { ...auth, "idempotency-key": r.idempotencyKey },
        body: {
          amount: majorUnits(OPERATOR, r.amount, isWholeUnitCurrency(r.currency)),
          currency: r.currency.toUpperCase(),
          client_reference: r.clientReference,
          restrict_payer_mobile: e164(r.phone),
          success_url: r.successUrl,
          error_url: r.errorUrl,
        },
        requestId: r.requestId,
      });
      const s = read<WaveSession>(a, "checkout session");
      return { ...mapWaveSession(s), launchUrl: s.wave_launch_url };
    },

    async getCheckout(sessionId: string, requestId: string): Promise<OperatorResult> {
      const a = await http.send({ method: "GET", url: `${cfg.baseUrl}/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, headers: auth, requestId });
      if (a.status === 404) return { state: "unknown", operatorRef: null, reason: null, operatorCode: "checkout-session-not-found", notFound: true };
      return mapWaveSession(read<WaveSession>(a, "status query"));
    },

    /** Closes an open session (after a failed attempt, or at our expiry) so it cannot be paid later. */
    async expireCheckout(sessionId: string, requestId: string): Promise<void> {
      const a = await http.send({ method: "POST", url: `${cfg.baseUrl}/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, headers: auth, requestId });
      read(a, "expiry");
    },

    async createPayout(r: WavePayoutRequest): Promise<OperatorResult> {
      const a = await http.send({
        method: "POST",
        url: `${cfg.baseUrl}/v1/payout`,
        headers: { ...auth, "idempotency-key": r.idempotencyKey },
        body: {
          currency: r.currency.toUpperCase(),
          receive_amount: majorUnits(OPERATOR, r.amount, isWholeUnitCurrency(r.currency)),
          mobile: e164(r.phone),
          ...(r.name ? { name: r.name } : {}),
          client_reference: r.clientReference,
        },
        requestId: r.requestId,
      });
      return mapWavePayout(read<WavePayout>(a, "payout"));
    },

    async getPayout(payoutId: string, requestId: string): Promise<OperatorResult> {
      const a = await http.send({ method: "GET", url: `${cfg.baseUrl}/v1/payout/${encodeURIComponent(payoutId)}`, headers: auth, requestId });
      if (a.status === 404) return { state: "unknown", operatorRef: null, reason: null, operatorCode: "payout-not-found", notFound: true };
      return mapWavePayout(read<WavePayout>(a, "status query"));
    },

    verifyWebhook: (rawBody: string, signatureHeader: string | null | undefined, o?: Parameters<typeof verifyWaveWebhook>[3]) => verifyWaveWebhook(rawBody, signatureHeader, cfg.webhookSecret, o),
  };
}

export type WaveClient = ReturnType<typeof createWaveClient>;
