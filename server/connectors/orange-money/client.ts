import type { Minor } from "../../money";
import { OperatorError, OperatorHttp, TokenCache, checkAnswer, majorUnits, parsePairs, present, trimSlash, withToken, type HttpOptions, type OperatorResult } from "../operator-http";

/**
 * Orange Money Web Payment client (developer.orange.com, "Orange Money Web Payment"
 * getting started and API reference): OAuth2 client credentials at
 * `{base}/oauth/v3/token` (Basic client_id:client_secret, form grant_type), then, per
 * country segment, `POST /orange-money-webpay/{segment}/v1/webpayment` (the customer pays
 * on the answer's payment_url) and `POST …/v1/transactionstatus` (order_id, amount,
 * pay_token). Orange calls the payment's notif_url with the notif_token it handed us.
 */
const OPERATOR = "orange-money";

export interface OrangeMoneyConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  /** Country (ISO alpha-2) -> the `{segment}` of the WebPay paths (`CI=ci,SN=sn`). */
  countries: Record<string, string>;
}

export function orangeMoneyConfig(env: Record<string, string | undefined>): OrangeMoneyConfig | null {
  const { ORANGE_MONEY_BASE_URL: baseUrl, ORANGE_MONEY_CLIENT_ID: clientId, ORANGE_MONEY_CLIENT_SECRET: clientSecret, ORANGE_MONEY_MERCHANT_KEY: merchantKey } = env;
  const countries = parsePairs(env.ORANGE_MONEY_COUNTRIES);
  if (!present(baseUrl) || !present(clientId) || !present(clientSecret) || !present(merchantKey) || Object.keys(countries).length === 0) return null;
  return { baseUrl: trimSlash(baseUrl), clientId, clientSecret, merchantKey, countries };
}

/** transactionstatus -> ours (D19). */
export function mapOrangeStatus(status: unknown, txnid: string | null): OperatorResult {
  switch (status) {
    case "SUCCESS":
      return { state: "successful", operatorRef: txnid, reason: null, operatorCode: status };
    case "FAILED":
      return { state: "failed", operatorRef: txnid, reason: "Orange Money declined the payment", operatorCode: status };
    case "EXPIRED":
      return { state: "cancelled", operatorRef: txnid, reason: "Customer did not complete the payment before the Orange Money session expired", operatorCode: status };
    case "INITIATED":
    case "PENDING":
      return { state: "pending", operatorRef: null, reason: null, operatorCode: status };
    default:
      return { state: "unknown", operatorRef: null, reason: null, operatorCode: String(status) };
  }
}

export interface WebPaymentRequest {
  countryCode: string;
  orderId: string;
  amount: Minor;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  notifUrl: string;
  lang: string;
  reference: string;
  requestId: string;
}

export interface WebPaymentAnswer extends OperatorResult {
  payToken: string;
  paymentUrl: string;
  notifToken: string;
}

export function createOrangeMoneyClient(cfg: OrangeMoneyConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const tokens = new TokenCache(async () => {
    const a = checkAnswer(
      OPERATOR,
      await http.send({
        method: "POST",
        url: `${cfg.baseUrl}/oauth/v3/token`,
        headers: { authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
        requestId: "token",
      }),
    );
    const j = a.json as { access_token?: string; expires_in?: number | string } | null;
    if (a.status !== 200 || !j?.access_token) throw new OperatorError(OPERATOR, "auth", `Orange Money token refused (${a.status})`, a.status);
    return { token: j.access_token, expiresInSeconds: Number(j.expires_in ?? 3600) };
  });

  function path(countryCode: string, op: "webpayment" | "transactionstatus"): string {
    const segment = cfg.countries[countryCode.toUpperCase()];
    if (!segment) throw new OperatorError(OPERATOR, "rejected", `Orange Money Web Payment is not configured for ${countryCode}`);
    return `${cfg.baseUrl}/orange-money-webpay/${encodeURIComponent(segment)}/v1/${op}`;
  }

  const post = (url: string, body: unknown, requestId: string) =>
    withToken(tokens, (token) => http.send({ method: "POST", url, headers: { authorization: `Bearer ${token}` }, body, requestId })).then((a) => checkAnswer(OPERATOR, a));

  const refused = (status: number, json: unknown, what: string): never => {
    const e = (json ?? {}) as { message?: string; description?: string; code?: number | string };
    throw new OperatorError(OPERATOR, "rejected", `Orange Money refused the ${what}${e.message ? `: ${e.message}` : ""}${e.description ? ` (${e.description})` : ""}`, status, e.code != null ? String(e.code) : null);
  };

  return {
    operator: OPERATOR,

    /** A payment session: the customer is sent to its payment_url (our redirect_url). */
    async webPayment(r: WebPaymentRequest): Promise<WebPaymentAnswer> {
      const a = await post(
        path(r.countryCode, "webpayment"),
        {
          merchant_key: cfg.merchantKey,
          currency: r.currency.toUpperCase(),
          order_id: r.orderId,
          amount: Number(majorUnits(OPERATOR, r.amount, true)),
          return_url: r.returnUrl,
          cancel_url: r.cancelUrl,
          notif_url: r.notifUrl,
          lang: r.lang,
          reference: r.reference,
        },
        r.requestId,
      );
      if (a.status !== 201 && a.status !== 200) refused(a.status, a.json, "payment");
      const j = (a.json ?? {}) as { pay_token?: string; payment_url?: string; notif_token?: string };
      if (!j.pay_token || !j.payment_url || !j.notif_token) throw new OperatorError(OPERATOR, "protocol", "Orange Money answered a payment without pay_token, payment_url or notif_token", a.status);
      // The pay_token is our reference until the payment has Orange's txnid.
      return { state: "pending", operatorRef: j.pay_token, reason: null, operatorCode: "INITIATED", payToken: j.pay_token, paymentUrl: j.payment_url, notifToken: j.notif_token };
    },

    async transactionStatus(r: { countryCode: string; orderId: string; amount: Minor; payToken: string; requestId: string }): Promise<OperatorResult> {
      const a = await post(path(r.countryCode, "transactionstatus"), { order_id: r.orderId, amount: Number(majorUnits(OPERATOR, r.amount, true)), pay_token: r.payToken }, r.requestId);
      if (a.status === 404) return { state: "unknown", operatorRef: null, reason: null, operatorCode: "NOT_FOUND", notFound: true };
      if (a.status !== 200 && a.status !== 201) refused(a.status, a.json, "status query");
      const j = (a.json ?? {}) as { status?: string; txnid?: string };
      return mapOrangeStatus(j.status, j.txnid ?? null);
    },
  };
}

export type OrangeMoneyClient = ReturnType<typeof createOrangeMoneyClient>;
