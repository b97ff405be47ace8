import { randomBytes } from "node:crypto";
import { FakeServer, isUuid, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of the pawaPay Merchant API v2 (see README.md): deposits, payouts and refunds with
 * their status checks and callbacks, as docs.pawapay.io/v2 and openapi_v2.yaml describe
 * them. Initiation answers ACCEPTED, DUPLICATE_IGNORED (same id again) or REJECTED (with
 * failureReason); the payment turns COMPLETED or FAILED after `outcomeDelayMs` (chosen by
 * the phone's last 4 digits, tests/fakes/common.ts) and the callback goes to the URL
 * configured for its kind. Bearer token auth (401 NO_AUTHENTICATION, 403 AUTHENTICATION_ERROR).
 */
export interface PawapayFakeOptions extends FakeOptions {
  apiToken?: string;
  /** Callback URL per kind, as configured in pawaPay's dashboard. */
  callbackUrls?: Partial<Record<Kind, string>>;
}

type Kind = "deposits" | "payouts" | "refunds";
type Status = "ACCEPTED" | "SUBMITTED" | "COMPLETED" | "FAILED";

/** Provider -> [country calling code, currency, authorisation]. The providers page's entries for our pairs. */
export const PAWAPAY_FAKE_PROVIDERS: Record<string, [string, string, "PROVIDER_AUTH" | "PREAUTH"]> = {
  MTN_MOMO_BEN: ["229", "XOF", "PROVIDER_AUTH"],
  MOOV_BEN: ["229", "XOF", "PROVIDER_AUTH"],
  MOOV_BFA: ["226", "XOF", "PROVIDER_AUTH"],
  ORANGE_BFA: ["226", "XOF", "PREAUTH"],
  MTN_MOMO_CMR: ["237", "XAF", "PROVIDER_AUTH"],
  ORANGE_CMR: ["237", "XAF", "PROVIDER_AUTH"],
  MTN_MOMO_CIV: ["225", "XOF", "PROVIDER_AUTH"],
  ORANGE_CIV: ["225", "XOF", "PROVIDER_AUTH"],
  VODACOM_MPESA_COD: ["243", "CDF", "PROVIDER_AUTH"],
  AIRTEL_COD: ["243", "CDF", "PROVIDER_AUTH"],
  ORANGE_COD: ["243", "CDF", "PROVIDER_AUTH"],
  MTN_MOMO_COG: ["242", "XAF", "PROVIDER_AUTH"],
  MPESA_KEN: ["254", "KES", "PROVIDER_AUTH"],
  MTN_MOMO_RWA: ["250", "RWF", "PROVIDER_AUTH"],
  AIRTEL_RWA: ["250", "RWF", "PROVIDER_AUTH"],
  ORANGE_SEN: ["221", "XOF", "PROVIDER_AUTH"],
  FREE_SEN: ["221", "XOF", "PROVIDER_AUTH"],
  VODACOM_TZA: ["255", "TZS", "PROVIDER_AUTH"],
  AIRTEL_TZA: ["255", "TZS", "PROVIDER_AUTH"],
  TIGO_TZA: ["255", "TZS", "PROVIDER_AUTH"],
  HALOTEL_TZA: ["255", "TZS", "PROVIDER_AUTH"],
  MTN_MOMO_UGA: ["256", "UGX", "PROVIDER_AUTH"],
  AIRTEL_OAPI_UGA: ["256", "UGX", "PROVIDER_AUTH"],
};

const ID_FIELD = { deposits: "depositId", payouts: "payoutId", refunds: "refundId" } as const;

/** failureCode per outcome and kind once final (the sandbox numbers page's codes). */
const FAILURE: Record<Kind, Record<string, [string, string]>> = {
  deposits: {
    insufficient: ["INSUFFICIENT_BALANCE", "The customer does not have enough funds."],
    declined: ["PAYMENT_NOT_APPROVED", "The customer did not approve the payment."],
    expired: ["PAYMENT_NOT_APPROVED", "The customer did not authorise the payment in time."],
    other: ["PAYER_NOT_FOUND", "The phone number does not belong to the provider."],
  },
  payouts: {
    insufficient: ["RECIPIENT_NOT_FOUND", "The recipient is not registered for mobile money."],
    declined: ["RECIPIENT_NOT_ALLOWED_TO_RECEIVE", "The recipient cannot receive this payout."],
    expired: ["UNSPECIFIED_FAILURE", "The provider failed to process the payout."],
    other: ["RECIPIENT_NOT_ALLOWED_TO_RECEIVE", "The recipient's wallet is blocked."],
  },
  refunds: {},
};

export interface PawapayPayment {
  kind: Kind;
  id: string;
  status: Status;
  amount: string;
  currency: string;
  country: string;
  phone: string | null;
  provider: string | null;
  depositId: string | null;
  created: string;
  dueAt: number;
  outcome: ReturnType<typeof outcomeOf>;
  providerTransactionId: string;
  failureReason?: { failureCode: string; failureMessage: string };
  preAuthorisationCode: string | null;
}

const reject = (kind: Kind, id: unknown, failureCode: string, failureMessage: string): FakeAnswer => ({
  status: 200,
  body: { [ID_FIELD[kind]]: id, status: "REJECTED", failureReason: { failureCode, failureMessage } },
});
const badInput = (failureCode: string, failureMessage: string): FakeAnswer => ({ status: 400, body: { status: "REJECTED", failureReason: { failureCode, failureMessage } } });

export function createPawapayFake(options: PawapayFakeOptions = {}) {
  const cfg = { apiToken: options.apiToken ?? "pawapay-api-token" };
  const callbackUrls: Partial<Record<Kind, string>> = { ...options.callbackUrls };
  const payments = new Map<string, PawapayPayment>();

  /** The record as the status check and the callback show it. */
  function view(p: PawapayPayment) {
    const final = p.status === "COMPLETED" || p.status === "FAILED";
    return {
      [ID_FIELD[p.kind]]: p.id,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      country: p.country,
      ...(p.kind === "deposits" ? { payer: { type: "MMO", accountDetails: { phoneNumber: p.phone, provider: p.provider } } } : {}),
      ...(p.kind === "payouts" ? { recipient: { type: "MMO", accountDetails: { phoneNumber: p.phone, provider: p.provider } } } : {}),
      ...(p.kind === "refunds" ? { depositId: p.depositId } : {}),
      created: p.created,
      ...(final && p.status === "COMPLETED" ? { providerTransactionId: p.providerTransactionId } : {}),
      ...(p.failureReason ? { failureReason: p.failureReason } : {}),
    };
  }

  function settle(p: PawapayPayment): void {
    if (p.status === "COMPLETED" || p.status === "FAILED" || p.outcome === "never" || Date.now() < p.dueAt) return;
    if (p.kind === "refunds" || p.outcome === "successful") {
      p.status = "COMPLETED";
      return;
    }
    const [failureCode, failureMessage] = FAILURE[p.kind][p.outcome];
    p.status = "FAILED";
    p.failureReason = { failureCode, failureMessage };
  }

  const refunded = (depositId: string) =>
    [...payments.values()].filter((p) => p.kind === "refunds" && p.depositId === depositId && p.status !== "FAILED").reduce((sum, p) => sum + Number(p.amount), 0);

  function initiate(kind: Kind, b: Record<string, any>): FakeAnswer { // eslint-disable-line @typescript-eslint/no-explicit-any
    const id = b[ID_FIELD[kind]];
    if (!isUuid(id)) return badInput("INVALID_PARAMETER", `${ID_FIELD[kind]} must be a UUID version 4`);
    if (typeof b.amount !== "string" || typeof b.currency !== "string") return badInput("MISSING_PARAMETER", "amount and currency are required strings");
    const existing = payments.get(`${kind}:${id}`);
    if (existing) return { status: 200, body: { [ID_FIELD[kind]]: id, status: "DUPLICATE_IGNORED", created: existing.created } };
    if (!/^\d+(\.\d{1,2})?$/.test(b.amount) || Number(b.amount) <= 0) return reject(kind, id, "INVALID_AMOUNT", "The amount is not a valid positive number.");
    let phone: string | null = null;
    let provider: string | null = null;
    let country = "";
    let depositId: string | null = null;
    let outcome: PawapayPayment["outcome"] = "successful";
    if (kind === "refunds") {
      const deposit = payments.get(`deposits:${b.depositId}`);
      if (!deposit) return reject(kind, id, "DEPOSIT_NOT_FOUND", "The deposit does not exist.");
      settle(deposit);
      if (deposit.status !== "COMPLETED") return reject(kind, id, "DEPOSIT_NOT_COMPLETED", "Only completed deposits can be refunded.");
      if (b.currency !== deposit.currency) return reject(kind, id, "INVALID_CURRENCY", "The currency does not match the deposit.");
      if (Number(b.amount) > Number(deposit.amount) - refunded(deposit.id)) return reject(kind, id, "AMOUNT_TOO_LARGE", "The refund exceeds what is left of the deposit.");
      ({ phone, provider, country } = deposit);
      depositId = deposit.id;
    } else {
      const party = kind === "deposits" ? b.payer : b.recipient;
      const details = party?.accountDetails ?? {};
      if (party?.type !== "MMO" || typeof details.phoneNumber !== "string" || typeof details.provider !== "string") {
        return badInput("MISSING_PARAMETER", `${kind === "deposits" ? "payer" : "recipient"}.accountDetails.phoneNumber and provider are required`);
      }
      const known = PAWAPAY_FAKE_PROVIDERS[details.provider];
      if (!known) return reject(kind, id, "INVALID_PROVIDER", `Provider ${details.provider} is not available.`);
      const [callingCode, currency, authorisation] = known;
      if (!/^\d{9,15}$/.test(details.phoneNumber) || !details.phoneNumber.startsWith(callingCode)) return reject(kind, id, "INVALID_PHONE_NUMBER", "The phone number is not valid for the provider.");
      if (b.currency !== currency) return reject(kind, id, "INVALID_CURRENCY", `${details.provider} takes ${currency}.`);
      // None of these providers supports decimals (providers page).
      if (b.amount.includes(".")) return reject(kind, id, "INVALID_AMOUNT", "The provider does not support decimals in amounts.");
      if (kind === "deposits" && authorisation === "PREAUTH" && !b.preAuthorisationCode) return reject(kind, id, "INVALID_PARAMETER", `${details.provider} needs a preAuthorisationCode.`);
      phone = details.phoneNumber;
      provider = details.provider;
      country = provider!.slice(-3);
      outcome = outcomeOf(phone!);
    }
    const p: PawapayPayment = {
      kind,
      id,
      status: "ACCEPTED",
      amount: b.amount,
      currency: b.currency,
      country,
      phone,
      provider,
      depositId,
      created: new Date().toISOString(),
      dueAt: Date.now() + fake.opts.outcomeDelayMs,
      outcome,
      providerTransactionId: `PT${randomBytes(5).toString("hex").toUpperCase()}`,
      preAuthorisationCode: b.preAuthorisationCode ?? null,
    };
    payments.set(`${kind}:${id}`, p);
    if (outcome !== "never") {
      fake.later(fake.opts.outcomeDelayMs, () => {
        settle(p);
        return fake.callback(callbackUrls[kind], view(p));
      });
    } else {
      p.status = "SUBMITTED";
    }
    return { status: 200, body: { [ID_FIELD[kind]]: id, status: "ACCEPTED", created: p.created } };
  }

  const handler = (req: FakeRequest): FakeAnswer | null => {
    const m = /^\/v2\/(deposits|payouts|refunds)(?:\/([^/]+))?$/.exec(req.url.pathname);
    if (!m) return null;
    const auth = req.headers.authorization;
    if (!auth) return { status: 401, body: { failureReason: { failureCode: "NO_AUTHENTICATION", failureMessage: "The API token is missing." } } };
    if (auth !== `Bearer ${cfg.apiToken}`) return { status: 403, body: { failureReason: { failureCode: "AUTHENTICATION_ERROR", failureMessage: "The API token is not valid." } } };
    const kind = m[1] as Kind;
    if (req.method === "GET" && m[2]) {
      const p = payments.get(`${kind}:${decodeURIComponent(m[2])}`);
      if (!p) return { status: 200, body: { status: "NOT_FOUND" } };
      settle(p);
      return { status: 200, body: { status: "FOUND", data: view(p) } };
    }
    if (req.method !== "POST" || m[2]) return null;
    if (!req.json || typeof req.json !== "object") return badInput("INVALID_INPUT", "The request body is not valid JSON.");
    return initiate(kind, req.json as Record<string, unknown>);
  };

  const fake = new FakeServer("pawapay", options, handler);
  return Object.assign(fake, {
    config: cfg,
    payments,
    setCallbackUrls: (urls: Partial<Record<Kind, string>>) => Object.assign(callbackUrls, urls),
    /** The payment as pawaPay holds it (tests). */
    payment: (kind: Kind, id: string) => payments.get(`${kind}:${id}`),
  });
}

export type PawapayFake = ReturnType<typeof createPawapayFake>;
