import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js/max";
import { isWholeUnitCurrency, type Minor } from "../../money";
import { OperatorError, OperatorHttp, TokenCache, checkAnswer, majorUnits, present, trimSlash, withToken, type HttpOptions, type OperatorAnswer, type OperatorResult } from "../operator-http";

/**
 * Airtel Africa Open API client (developers.airtel.africa): Collection (USSD push) with its
 * enquiry for payins, Disbursement (RSA-encrypted PIN) for payouts. The transaction id is
 * ours, chosen and stored before the call; Airtel refuses a second one with the same id.
 */
const OPERATOR = "airtel";

export interface AirtelConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Disbursement: the wallet PIN and Airtel's RSA public key (base64 DER or PEM). */
  disbursement: { pin: string; publicKey: string } | null;
  countries: string[];
}

/** AIRTEL_COUNTRIES: `UG,KE,RW` (a `UG=UGX` form is accepted too; the currency comes from the transaction). */
export function airtelConfig(env: Record<string, string | undefined>): AirtelConfig | null {
  const { AIRTEL_BASE_URL: baseUrl, AIRTEL_CLIENT_ID: clientId, AIRTEL_CLIENT_SECRET: clientSecret } = env;
  const countries = (env.AIRTEL_COUNTRIES ?? "")
    .split(",")
    .map((c) => c.split("=")[0].trim().toUpperCase())
    .filter(Boolean);
  if (!present(baseUrl) || !present(clientId) || !present(clientSecret) || countries.length === 0) return null;
  const disbursement = present(env.AIRTEL_DISBURSEMENT_PIN) && present(env.AIRTEL_PUBLIC_KEY) ? { pin: env.AIRTEL_DISBURSEMENT_PIN, publicKey: env.AIRTEL_PUBLIC_KEY } : null;
  return { baseUrl: trimSlash(baseUrl), clientId, clientSecret, disbursement, countries };
}

export function airtelAvailable(cfg: AirtelConfig | null, countryCode: string, direction: "payin" | "payout"): boolean {
  return !!cfg && cfg.countries.includes(countryCode.toUpperCase()) && (direction === "payin" || !!cfg.disbursement);
}


/** Airtel wants the MSISDN without the country code. */
export function airtelMsisdn(phone: string, countryCode: string): string {
  const digits = phone.replace(/\D/g, "");
  // The ITU calling code from libphonenumber's metadata, which our numbering plans'
  // dialing_code agree with (tests/unit/word-lists.test.ts): no list of our own here.
  const country = countryCode.toUpperCase();
  const cc = isSupportedCountry(country) ? getCountryCallingCode(country) : null;
  return cc && digits.startsWith(cc) ? digits.slice(cc.length) : digits;
}

/** Airtel's PIN encryption: RSA PKCS#1 v1.5 with their public key, base64. */
export function encryptAirtelPin(pin: string, publicKey: string): string {
  const key = publicKey.includes("BEGIN") ? createPublicKey(publicKey) : createPublicKey({ key: Buffer.from(publicKey.replace(/\s/g, ""), "base64"), format: "der", type: "spki" });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, "utf8")).toString("base64");
}

const PAYIN_CODES: Record<string, [OperatorResult["state"], string]> = {
  DP00800001002: ["failed", "Customer entered a wrong PIN"],
  DP00800001003: ["failed", "Customer's transaction limit has been reached"],
  DP00800001004: ["failed", "The amount is not allowed"],
  DP00800001007: ["failed", "Customer has insufficient funds"],
  DP00800001008: ["cancelled", "Customer declined the payment"],
  DP00800001010: ["failed", "Customer is not allowed to make this payment"],
  DP00800001024: ["cancelled", "Customer did not approve the payment in time"],
  DP00800001029: ["cancelled", "The payment request expired"],
};

const PAYOUT_CODES: Record<string, string> = {
  DP00900001000: "Airtel could not process the payout",
  DP00900001002: "The disbursement PIN was refused",
  DP00900001003: "Recipient's transaction limit has been reached",
  DP00900001004: "The amount is not allowed",
  DP00900001007: "The disbursement account has insufficient funds",
  DP00900001010: "Recipient is not allowed to receive money",
  DP00900001012: "Recipient's number is not registered for Airtel Money",
};

interface Envelope {
  data?: { transaction?: { id?: string; status?: string; message?: string; airtel_money_id?: string | null } };
  status?: { code?: string; message?: string; response_code?: string; result_code?: string; success?: boolean };
}

export function mapAirtelStatus(body: unknown, direction: "payin" | "payout"): OperatorResult {
  const e = (body ?? {}) as Envelope;
  const t = e.data?.transaction ?? {};
  const code = e.status?.response_code ?? null;
  const ref = t.airtel_money_id ?? null;
  switch (t.status) {
    case "TS":
      return { state: "successful", operatorRef: ref, reason: null, operatorCode: code ?? "TS" };
    case "TIP":
      return { state: "pending", operatorRef: ref, reason: null, operatorCode: code ?? "TIP" };
    case "TA":
      // Ambiguous: Airtel itself does not know yet; ask again later, never conclude.
      return { state: "unknown", operatorRef: ref, reason: null, operatorCode: code ?? "TA" };
    case "TE":
      return { state: "cancelled", operatorRef: ref, reason: direction === "payin" ? "Customer did not approve the payment in time" : "The payout expired", operatorCode: code ?? "TE" };
    case "TF": {
      if (direction === "payout") return { state: "failed", operatorRef: ref, reason: PAYOUT_CODES[code ?? ""] ?? "Airtel declined the payout", operatorCode: code ?? "TF" };
      const [state, reason] = PAYIN_CODES[code ?? ""] ?? ["failed", "Airtel declined the payment"];
      return { state, operatorRef: ref, reason, operatorCode: code ?? "TF" };
    }
    default:
      return { state: "unknown", operatorRef: ref, reason: null, operatorCode: code };
  }
}

/** An unsigned Airtel callback names the transaction to enquire about; its status is not trusted (D15). */
export function airtelCallbackHint(body: unknown): { transactionId: string | null } {
  const id = (body as { transaction?: { id?: unknown } } | null)?.transaction?.id;
  return { transactionId: typeof id === "string" ? id : null };
}

export interface AirtelRequest {
  /** Our id for Airtel's transaction.id, stored before the call (at most 64 characters). */
  transactionId: string;
  amount: Minor;
  currency: string;
  countryCode: string;
  /** E.164 digits. */
  phone: string;
  reference: string;
  requestId: string;
}

export function createAirtelClient(cfg: AirtelConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const tokens = new TokenCache(async () => {
    const a = checkAnswer(
      OPERATOR,
      await http.send({ method: "POST", url: `${cfg.baseUrl}/auth/oauth2/token`, body: { client_id: cfg.clientId, client_secret: cfg.clientSecret, grant_type: "client_credentials" }, requestId: "token" }),
    );
    const j = a.json as { access_token?: string; expires_in?: string | number } | null;
    if (a.status !== 200 || !j?.access_token) throw new OperatorError(OPERATOR, "auth", `Airtel token refused (${a.status})`, a.status);
    return { token: j.access_token, expiresInSeconds: Number(j.expires_in ?? 180) };
  });

  const call = (method: "GET" | "POST", path: string, r: { countryCode: string; currency: string; requestId: string }, body?: unknown) =>
    withToken(tokens, (token) =>
      http.send({
        method,
        url: `${cfg.baseUrl}${path}`,
        headers: { authorization: `Bearer ${token}`, "x-country": r.countryCode.toUpperCase(), "x-currency": r.currency.toUpperCase() },
        body,
        requestId: r.requestId,
      }),
    );

  function accepted(a: OperatorAnswer, direction: "payin" | "payout"): OperatorResult {
    checkAnswer(OPERATOR, a);
    const e = (a.json ?? {}) as Envelope;
    if (e.status?.success) {
      const t = e.data?.transaction;
      // Disbursements may already answer TS; collections answer "Success." meaning "prompt sent".
      return t?.status && ["TS", "TF", "TIP", "TA", "TE"].includes(t.status) ? mapAirtelStatus(a.json, direction) : { state: "pending", operatorRef: null, reason: null, operatorCode: e.status.response_code ?? null };
    }
    if (e.status?.result_code === "ESB000041" || /already exists/i.test(e.status?.message ?? "")) {
      return { state: "pending", operatorRef: null, reason: null, operatorCode: e.status?.result_code ?? null, duplicate: true };
    }
    const code = e.status?.response_code ?? null;
    const words = direction === "payout" ? PAYOUT_CODES[code ?? ""] : PAYIN_CODES[code ?? ""]?.[1];
    throw new OperatorError(OPERATOR, "rejected", words ?? e.status?.message ?? `Airtel refused the request (${a.status})`, a.status, code);
  }

  async function enquire(kind: "payments" | "disbursements", transactionId: string, r: { countryCode: string; currency: string; requestId: string }): Promise<OperatorResult> {
    const a = checkAnswer(OPERATOR, await call("GET", `/standard/v1/${kind}/${encodeURIComponent(transactionId)}`, r));
    if (a.status === 404) return { state: "unknown", operatorRef: null, reason: null, operatorCode: (a.json as Envelope | null)?.status?.response_code ?? "NOT_FOUND", notFound: true };
    if (a.status !== 200) throw new OperatorError(OPERATOR, "rejected", `Airtel enquiry refused (${a.status})`, a.status);
    return mapAirtelStatus(a.json, kind === "payments" ? "payin" : "payout");
  }

  return {
    operator: OPERATOR,

    /** Payin: USSD push asking the customer for their PIN. */
    async collect(r: AirtelRequest): Promise<OperatorResult> {
      const country = r.countryCode.toUpperCase();
      const currency = r.currency.toUpperCase();
      const amount = Number(majorUnits(OPERATOR, r.amount, isWholeUnitCurrency(currency)));
      const a = await call("POST", "/merchant/v1/payments/", r, {
        reference: r.reference.slice(0, 64),
        subscriber: { country, currency, msisdn: airtelMsisdn(r.phone, country) },
        transaction: { amount, country, currency, id: r.transactionId },
      });
      return accepted(a, "payin");
    },

    getCollection: (transactionId: string, r: { countryCode: string; currency: string; requestId: string }) => enquire("payments", transactionId, r),

    async disburse(r: AirtelRequest): Promise<OperatorResult> {
      if (!cfg.disbursement) throw new OperatorError(OPERATOR, "auth", "Airtel disbursement is not configured");
      const currency = r.currency.toUpperCase();
      const a = await call("POST", "/standard/v1/disbursements/", r, {
        payee: { msisdn: airtelMsisdn(r.phone, r.countryCode), wallet_type: "NORMAL" },
        reference: r.reference.slice(0, 64),
        pin: encryptAirtelPin(cfg.disbursement.pin, cfg.disbursement.publicKey),
        transaction: { amount: Number(majorUnits(OPERATOR, r.amount, isWholeUnitCurrency(currency))), id: r.transactionId, type: "B2C" },
      });
      return accepted(a, "payout");
    },

    getDisbursement: (transactionId: string, r: { countryCode: string; currency: string; requestId: string }) => enquire("disbursements", transactionId, r),
  };
}

export type AirtelClient = ReturnType<typeof createAirtelClient>;
