import type { Minor } from "../../money";
import { OperatorError, OperatorHttp, TokenCache, checkAnswer, majorUnits, present, trimSlash, withToken, type HttpOptions, type OperatorResult } from "../operator-http";

/**
 * Safaricom Daraja client (developer.safaricom.co.ke): M-Pesa Express (STK push) + its
 * query for payins, B2C payment request (v3, caller-chosen OriginatorConversationID) for
 * payouts. B2C outcomes only arrive on the ResultURL: see verifyB2cResult.
 */
const OPERATOR = "daraja";

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** STK push (payin): paybill / till and its Lipa Na M-Pesa passkey. */
  stk: { shortcode: string; passkey: string } | null;
  /** B2C (payout). */
  b2c: { shortcode: string; initiatorName: string; securityCredential: string } | null;
}

export function darajaConfig(env: Record<string, string | undefined>): DarajaConfig | null {
  const { MPESA_BASE_URL: baseUrl, MPESA_CONSUMER_KEY: consumerKey, MPESA_CONSUMER_SECRET: consumerSecret } = env;
  if (!present(baseUrl) || !present(consumerKey) || !present(consumerSecret)) return null;
  const stk = present(env.MPESA_SHORTCODE) && present(env.MPESA_PASSKEY) ? { shortcode: env.MPESA_SHORTCODE, passkey: env.MPESA_PASSKEY } : null;
  const b2c =
    present(env.MPESA_B2C_SHORTCODE) && present(env.MPESA_B2C_INITIATOR_NAME) && present(env.MPESA_B2C_SECURITY_CREDENTIAL)
      ? { shortcode: env.MPESA_B2C_SHORTCODE, initiatorName: env.MPESA_B2C_INITIATOR_NAME, securityCredential: env.MPESA_B2C_SECURITY_CREDENTIAL }
      : null;
  if (!stk && !b2c) return null;
  return { baseUrl: trimSlash(baseUrl), consumerKey, consumerSecret, stk, b2c };
}

export function darajaAvailable(cfg: DarajaConfig | null, countryCode: string, direction: "payin" | "payout"): boolean {
  return !!cfg && countryCode.toUpperCase() === "KE" && !!(direction === "payin" ? cfg.stk : cfg.b2c);
}

/** Daraja's Timestamp: YYYYMMDDHHmmss in Kenyan time (EAT, UTC+3). */
export function darajaTimestamp(now = new Date()): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

const wholeShillings = (amount: Minor) => Number(majorUnits(OPERATOR, amount, true));
const msisdn = (phone: string) => phone.replace(/^\+/, "");

const STK_CODES: Record<string, [OperatorResult["state"], string]> = {
  "0": ["successful", ""],
  "1": ["failed", "Customer has insufficient funds"],
  "1001": ["failed", "Customer has another M-Pesa transaction in progress"],
  "1019": ["cancelled", "The payment request expired before the customer answered"],
  "1025": ["failed", "M-Pesa could not send the payment prompt"],
  "9999": ["failed", "M-Pesa could not send the payment prompt"],
  "1032": ["cancelled", "Customer cancelled the payment"],
  "1037": ["cancelled", "Customer could not be reached or did not answer in time"],
  "2001": ["failed", "Customer entered a wrong M-Pesa PIN"],
};

export function mapStkResult(code: string | number, receipt: string | null = null): OperatorResult {
  const [state, reason] = STK_CODES[String(code)] ?? ["failed", "M-Pesa declined the payment"];
  return { state, operatorRef: state === "successful" ? receipt : null, reason: state === "successful" ? null : reason, operatorCode: String(code) };
}

const B2C_CODES: Record<string, string> = {
  "1": "The payout account has insufficient funds",
  "2": "The amount is below M-Pesa's minimum",
  "3": "The amount is above M-Pesa's maximum",
  "11": "The payout account is in an invalid state",
  "17": "M-Pesa limits refused this payout",
  "2001": "The payout initiator credentials are invalid",
  "2040": "Recipient is not a registered M-Pesa customer",
  "8006": "The payout initiator is locked",
};

export interface StkPushRequest {
  amount: Minor;
  /** E.164 digits (2547XXXXXXXX). */
  phone: string;
  /** Shown to the payer; at most 12 characters. */
  accountReference: string;
  description: string;
  callbackUrl: string;
  requestId: string;
}

export interface B2cRequest {
  /** Chosen and stored by the caller before the call; reused on every retry. */
  originatorConversationId: string;
  amount: Minor;
  phone: string;
  /** Carries a per-transaction secret (D15): the result itself is unsigned. */
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks: string;
  occasion?: string;
  requestId: string;
}

type DarajaError = { errorCode?: string; errorMessage?: string };

/** An unsigned STK callback: which checkout to query (D15: the query decides), and what it claims. */
export function parseStkCallback(body: unknown): { checkoutRequestId: string; claimed: OperatorResult } | null {
  const cb = (body as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!cb || typeof cb.CheckoutRequestID !== "string") return null;
  const items = ((cb.CallbackMetadata as { Item?: Array<{ Name: string; Value?: unknown }> } | undefined)?.Item ?? []).reduce<Record<string, unknown>>((m, i) => ({ ...m, [i.Name]: i.Value }), {});
  return { checkoutRequestId: cb.CheckoutRequestID, claimed: mapStkResult(String(cb.ResultCode), (items.MpesaReceiptNumber as string) ?? null) };
}

/** Masked numbers (2547****149) match digit for digit where not masked. */
function samePhone(expected: string, shown: string): boolean {
  const s = shown.replace(/\s.*$/, "").replace(/^\+/, "");
  if (s.length !== expected.length) return false;
  return [...s].every((c, i) => c === "*" || c === expected[i]);
}

/**
 * Reads a B2C Result (ResultURL) or queue-timeout (QueueTimeOutURL) body and checks it
 * against what we stored (D15: conversation id, amount, phone). The per-transaction secret
 * in the URL is the route's to check. `ok: false` means ignore the body (and log it).
 */
export function verifyB2cResult(
  body: unknown,
  expected: { originatorConversationId: string; amount: Minor; phone: string },
  source: "result" | "timeout" = "result",
): { ok: true; result: OperatorResult } | { ok: false; why: string } {
  const r = (body as { Result?: Record<string, unknown> } | null)?.Result;
  if (!r) return { ok: false, why: "not a B2C result" };
  if (r.OriginatorConversationID !== expected.originatorConversationId) return { ok: false, why: "OriginatorConversationID does not match" };
  if (source === "timeout") return { ok: true, result: { state: "failed", operatorRef: null, reason: "M-Pesa timed out before processing the payout", operatorCode: "QUEUE_TIMEOUT" } };
  const code = String(r.ResultCode);
  if (code !== "0") return { ok: true, result: { state: "failed", operatorRef: null, reason: B2C_CODES[code] ?? "M-Pesa declined the payout", operatorCode: code } };
  const params = ((r.ResultParameters as { ResultParameter?: Array<{ Key: string; Value: unknown }> } | undefined)?.ResultParameter ?? []).reduce<Record<string, unknown>>(
    (m, p) => ({ ...m, [p.Key]: p.Value }),
    {},
  );
  if (Number(params.TransactionAmount) !== wholeShillings(expected.amount)) return { ok: false, why: "amount does not match" };
  if (typeof params.ReceiverPartyPublicName !== "string" || !samePhone(msisdn(expected.phone), params.ReceiverPartyPublicName)) return { ok: false, why: "phone does not match" };
  return { ok: true, result: { state: "successful", operatorRef: (r.TransactionID as string) ?? null, reason: null, operatorCode: "0" } };
}

export function createDarajaClient(cfg: DarajaConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const tokens = new TokenCache(async () => {
    const a = checkAnswer(
      OPERATOR,
      await http.send({
        method: "GET",
        url: `${cfg.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
        headers: { authorization: `Basic ${Buffer.from(`${cfg.consumerKey}:${cfg.consumerSecret}`).toString("base64")}` },
        requestId: "token",
      }),
    );
    const j = a.json as { access_token?: string; expires_in?: string | number } | null;
    if (a.status !== 200 || !j?.access_token) throw new OperatorError(OPERATOR, "auth", `Daraja token refused (${a.status})`, a.status, (a.json as DarajaError | null)?.errorCode ?? null);
    return { token: j.access_token, expiresInSeconds: Number(j.expires_in ?? 3599) };
  });

  const post = (path: string, body: unknown, requestId: string) =>
    withToken(tokens, (token) => http.send({ method: "POST", url: `${cfg.baseUrl}${path}`, headers: { authorization: `Bearer ${token}` }, body, requestId }));

  function stk() {
    if (!cfg.stk) throw new OperatorError(OPERATOR, "auth", "M-Pesa Express is not configured");
    const timestamp = darajaTimestamp();
    return { shortcode: cfg.stk.shortcode, timestamp, password: Buffer.from(cfg.stk.shortcode + cfg.stk.passkey + timestamp).toString("base64") };
  }

  const rejected = (a: { status: number; json: unknown }, what: string) => {
    const e = (a.json ?? {}) as DarajaError;
    return new OperatorError(OPERATOR, "rejected", e.errorMessage ?? `Daraja refused the ${what} (${a.status})`, a.status, e.errorCode ?? null);
  };

  return {
    operator: OPERATOR,

    /**
     * Payin prompt. Daraja has no idempotency handle for STK push: the handle is the
     * CheckoutRequestID it returns (operatorRef), to be stored at once. A timeout here
     * leaves the outcome unknown and must NOT be retried blindly (two prompts, two payments).
     */
    async stkPush(r: StkPushRequest): Promise<OperatorResult & { merchantRequestId?: string }> {
      const { shortcode, timestamp, password } = stk();
      const phone = msisdn(r.phone);
      const a = checkAnswer(
        OPERATOR,
        await post(
          "/mpesa/stkpush/v1/processrequest",
          {
            BusinessShortCode: shortcode,
            Password: password,
            Timestamp: timestamp,
            TransactionType: "CustomerPayBillOnline",
            Amount: wholeShillings(r.amount),
            PartyA: phone,
            PartyB: shortcode,
            PhoneNumber: phone,
            CallBackURL: r.callbackUrl,
            AccountReference: r.accountReference.slice(0, 12),
            TransactionDesc: r.description.slice(0, 13),
          },
          r.requestId,
        ),
      );
      const j = (a.json ?? {}) as { CheckoutRequestID?: string; MerchantRequestID?: string; ResponseCode?: string; ResponseDescription?: string };
      if (a.status === 200 && j.ResponseCode === "0" && j.CheckoutRequestID) {
        return { state: "pending", operatorRef: j.CheckoutRequestID, reason: null, operatorCode: "0", merchantRequestId: j.MerchantRequestID };
      }
      throw rejected(a, "payment prompt");
    },

    /** The STK push query: answers at once, so callbacks only wake it (D15). */
    async stkQuery(checkoutRequestId: string, requestId: string): Promise<OperatorResult> {
      const { shortcode, timestamp, password } = stk();
      const a = await post("/mpesa/stkpushquery/v1/query", { BusinessShortCode: shortcode, Password: password, Timestamp: timestamp, CheckoutRequestID: checkoutRequestId }, requestId);
      const e = (a.json ?? {}) as DarajaError & { ResultCode?: string | number };
      // Daraja answers "still being processed" with a 500 and this error code.
      if (a.status === 500 && e.errorCode === "500.001.1001" && /being processed/i.test(e.errorMessage ?? "")) {
        return { state: "pending", operatorRef: checkoutRequestId, reason: null, operatorCode: e.errorCode };
      }
      checkAnswer(OPERATOR, a);
      if (a.status === 200 && e.ResultCode !== undefined) {
        const res = mapStkResult(e.ResultCode);
        // The query does not carry the receipt; the checkout id stays the reference.
        return { ...res, operatorRef: checkoutRequestId };
      }
      if (a.status === 400 && /CheckoutRequestID/i.test(e.errorMessage ?? "")) return { state: "unknown", operatorRef: null, reason: null, operatorCode: e.errorCode ?? null, notFound: true };
      throw rejected(a, "status query");
    },

    /** Payout. Outcome comes only on the ResultURL (verifyB2cResult). */
    async b2cPayment(r: B2cRequest): Promise<OperatorResult> {
      if (!cfg.b2c) throw new OperatorError(OPERATOR, "auth", "M-Pesa B2C is not configured");
      const a = checkAnswer(
        OPERATOR,
        await post(
          "/mpesa/b2c/v3/paymentrequest",
          {
            OriginatorConversationID: r.originatorConversationId,
            InitiatorName: cfg.b2c.initiatorName,
            SecurityCredential: cfg.b2c.securityCredential,
            CommandID: "BusinessPayment",
            Amount: wholeShillings(r.amount),
            PartyA: cfg.b2c.shortcode,
            PartyB: msisdn(r.phone),
            Remarks: r.remarks.slice(0, 100) || "Payout",
            QueueTimeOutURL: r.queueTimeoutUrl,
            ResultURL: r.resultUrl,
            Occasion: (r.occasion ?? "").slice(0, 100),
          },
          r.requestId,
        ),
      );
      const j = (a.json ?? {}) as { ConversationID?: string; ResponseCode?: string } & DarajaError;
      if (a.status === 200 && j.ResponseCode === "0") return { state: "pending", operatorRef: j.ConversationID ?? null, reason: null, operatorCode: "0" };
      if (/duplicate/i.test(j.errorMessage ?? "")) return { state: "pending", operatorRef: null, reason: null, operatorCode: j.errorCode ?? null, duplicate: true };
      throw rejected(a, "payout");
    },
  };
}

export type DarajaClient = ReturnType<typeof createDarajaClient>;
