import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from "node:crypto";
import { FakeServer, header, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of the Airtel Africa Open API: OAuth2 client credentials, Collection (USSD push)
 * with its enquiry and callback, Disbursement with an RSA-encrypted PIN (see README.md).
 */
export interface AirtelFakeOptions extends FakeOptions {
  clientId?: string;
  clientSecret?: string;
  disbursementPin?: string;
  /** Country -> currency accepted in X-Country / X-Currency. */
  countries?: Record<string, string>;
  /** PKCS#8 PEM of the RSA key pair (default: a fresh one); `npm run fakes` keeps one so the public key stays put. */
  privateKeyPem?: string;
}

export const AIRTEL_DEFAULTS = {
  clientId: "airtel-client-id",
  clientSecret: "airtel-client-secret",
  disbursementPin: "1234",
  countries: { UG: "UGX", KE: "KES", RW: "RWF", TZ: "TZS", CD: "CDF" } as Record<string, string>,
};

const WHOLE_UNITS = new Set(["UGX", "RWF"]); // ISO 4217: no minor unit. TZS has cents (2 decimals)

type Outcome = ReturnType<typeof outcomeOf>;
type Kind = "payment" | "disbursement";

interface AirtelTxn {
  kind: Kind;
  id: string;
  amount: number;
  msisdn: string;
  dueAt: number;
  outcome: Outcome;
  airtelMoneyId: string;
  referenceId: string;
}

/** [status, response_code, message] per outcome once final. Collection codes DP008..., disbursement DP009... */
const FINAL: Record<Kind, Record<Exclude<Outcome, "never">, [string, string, string]>> = {
  payment: {
    successful: ["TS", "DP00800001001", "Transaction is successful"],
    insufficient: ["TF", "DP00800001007", "Not enough balance"],
    declined: ["TF", "DP00800001008", "The transaction was refused"],
    expired: ["TE", "DP00800001024", "Transaction timed out"],
    other: ["TF", "DP00800001002", "Incorrect PIN"],
  },
  disbursement: {
    successful: ["TS", "DP00900001001", "Transaction is successful"],
    insufficient: ["TF", "DP00900001012", "Invalid mobile number"],
    declined: ["TF", "DP00900001003", "Maximum transaction limit reached"],
    expired: ["TF", "DP00900001000", "Transaction failed due to an internal error"],
    other: ["TF", "DP00900001010", "Payee is barred from receiving"],
  },
};

const IN_PROGRESS: Record<Kind, string> = { payment: "DP00800001006", disbursement: "DP00900001006" };

function envelope(success: boolean, responseCode: string, message: string, data?: unknown, httpCode = "200") {
  return { ...(data ? { data } : {}), status: { code: httpCode, message, result_code: success ? "ESB000010" : "ESB000001", response_code: responseCode, success } };
}

/** RSA PKCS#1 v1.5 decryption done by hand: Node 20 refuses the padding in privateDecrypt (CVE-2023-46809). */
function decryptPkcs1(privateKey: KeyObject, b64: string): string | null {
  try {
    const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(b64, "base64"));
    if (raw[0] !== 0 || raw[1] !== 2) return null;
    const sep = raw.indexOf(0, 2);
    return sep < 10 ? null : raw.subarray(sep + 1).toString("utf8");
  } catch {
    return null;
  }
}

export function createAirtelFake(options: AirtelFakeOptions = {}) {
  const cfg = {
    clientId: options.clientId ?? AIRTEL_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? AIRTEL_DEFAULTS.clientSecret,
    disbursementPin: options.disbursementPin ?? AIRTEL_DEFAULTS.disbursementPin,
    countries: options.countries ?? AIRTEL_DEFAULTS.countries,
  };
  const privateKey = options.privateKeyPem ? createPrivateKey(options.privateKeyPem) : generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const publicKey = createPublicKey(privateKey);
  // Airtel hands the key out as bare base64 DER (SPKI), without PEM armour.
  const publicKeyBase64 = (publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64");
  const txns = new Map<string, AirtelTxn>();
  let callbackUrl: string | undefined;

  function txnView(t: AirtelTxn) {
    if (t.outcome === "never" || Date.now() < t.dueAt) return { status: "TIP", code: IN_PROGRESS[t.kind], message: "Transaction in progress" };
    const [status, code, message] = FINAL[t.kind][t.outcome];
    return { status, code, message };
  }

  const handler = async (req: FakeRequest): Promise<FakeAnswer | null> => {
    const path = req.url.pathname;
    const b = (req.json ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (path === "/auth/oauth2/token") {
      if (req.method !== "POST" || b.grant_type !== "client_credentials") return { status: 400, body: { error: "unsupported_grant_type", error_description: "grant_type must be client_credentials" } };
      if (b.client_id !== cfg.clientId || b.client_secret !== cfg.clientSecret) return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" } };
      const { token, expiresIn } = fake.issueToken();
      return { status: 200, body: { access_token: token, expires_in: String(expiresIn), token_type: "bearer" } };
    }
    const m = /^\/(?:merchant\/v1\/payments|standard\/v1\/(payments|disbursements))\/([^/]*)$/.exec(path);
    if (!m) return null;
    if (!fake.bearerValid(req.headers)) return { status: 401, body: envelope(false, "DP00800001026", "Unauthorized: invalid or expired access token", undefined, "401") };
    const country = header(req.headers, "x-country") ?? "";
    const currency = header(req.headers, "x-currency") ?? "";
    if (cfg.countries[country] !== currency) return { status: 400, body: envelope(false, "DP00800001005", "Invalid X-Country or X-Currency", undefined, "400") };
    const kind: Kind = m[1] === "disbursements" ? "disbursement" : "payment";

    if (req.method === "GET") {
      if (!m[1] || !m[2]) return null;
      const t = txns.get(`${kind}:${m[2]}`);
      if (!t) return { status: 404, body: envelope(false, kind === "payment" ? "DP00800001025" : "DP00900001025", "Transaction not found", undefined, "404") };
      const v = txnView(t);
      return {
        status: 200,
        body: envelope(true, v.code, "SUCCESS", { transaction: { airtel_money_id: v.status === "TS" ? t.airtelMoneyId : null, id: t.id, message: v.message, status: v.status } }),
      };
    }
    if (req.method !== "POST" || m[2] !== "") return null;
    const isCollection = path === "/merchant/v1/payments/";
    if (!isCollection && kind !== "disbursement") return null;
    const tx = b.transaction ?? {};
    const msisdn = String((isCollection ? b.subscriber?.msisdn : b.payee?.msisdn) ?? "");
    const amount = Number(tx.amount);
    if (typeof tx.id !== "string" || tx.id.length < 1 || tx.id.length > 64) return { status: 400, body: envelope(false, "DP00800001005", "Transaction ID is invalid", undefined, "400") };
    if (!Number.isFinite(amount) || amount <= 0 || (WHOLE_UNITS.has(currency) && !Number.isInteger(amount)) || Math.round(amount * 100) !== amount * 100) {
      return { status: 400, body: envelope(false, isCollection ? "DP00800001004" : "DP00900001004", "Invalid amount", undefined, "400") };
    }
    if (!/^\d{8,10}$/.test(msisdn)) return { status: 400, body: envelope(false, isCollection ? "DP00800001005" : "DP00900001012", "Invalid mobile number (send it without the country code)", undefined, "400") };
    if (isCollection && (b.subscriber?.country !== country || b.subscriber?.currency !== currency || tx.country !== country || tx.currency !== currency)) {
      return { status: 400, body: envelope(false, "DP00800001005", "Country or currency do not match the headers", undefined, "400") };
    }
    if (!isCollection) {
      if (b.payee?.wallet_type !== undefined && b.payee.wallet_type !== "NORMAL") return { status: 400, body: envelope(false, "DP00900001005", "Invalid wallet type", undefined, "400") };
      if (tx.type !== undefined && tx.type !== "B2C") return { status: 400, body: envelope(false, "DP00900001005", "Invalid transaction type", undefined, "400") };
      if (decryptPkcs1(privateKey, String(b.pin ?? "")) !== cfg.disbursementPin) return { status: 200, body: envelope(false, "DP00900001002", "Incorrect PIN") };
    }
    if (txns.has(`${kind}:${tx.id}`)) return { status: 200, body: envelope(false, "ESB000041", "Transaction ID already exists") };
    const t: AirtelTxn = {
      kind,
      id: tx.id,
      amount,
      msisdn,
      dueAt: Date.now() + fake.opts.outcomeDelayMs,
      outcome: outcomeOf(msisdn),
      airtelMoneyId: `MP${Date.now()}.${randomBytes(3).toString("hex")}`,
      referenceId: randomBytes(6).toString("hex"),
    };
    txns.set(`${kind}:${t.id}`, t);
    if (t.outcome !== "never") {
      fake.later(fake.opts.outcomeDelayMs, () => {
        const v = txnView(t);
        return fake.callback(callbackUrl, { transaction: { id: t.id, message: v.message, status_code: v.status === "TS" ? "TS" : "TF", airtel_money_id: t.airtelMoneyId } });
      });
    }
    const data = isCollection
      ? { transaction: { id: t.id, status: "Success." } }
      : { transaction: { reference_id: t.referenceId, airtel_money_id: t.airtelMoneyId, id: t.id, status: "TIP", message: "Transaction in progress" } };
    return { status: 200, body: envelope(true, IN_PROGRESS[kind], "SUCCESS", data) };
  };

  const fake = new FakeServer("airtel", options, handler);
  return Object.assign(fake, {
    config: cfg,
    publicKeyBase64,
    privateKeyPem: () => privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    transactions: txns,
    /** Airtel's callback URL is registered on the developer portal, per application. */
    setCallbackUrl: (url: string | undefined) => {
      callbackUrl = url;
    },
  });
}

export type AirtelFake = ReturnType<typeof createAirtelFake>;
