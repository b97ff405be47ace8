import type { Minor } from "../../money";
import { OperatorError, OperatorHttp, checkAnswer, majorUnits, present, trimSlash, type HttpOptions, type OperatorAnswer, type OperatorResult } from "../operator-http";
import { pairKey } from "../descriptor";

/**
 * pawaPay Merchant API v2 client (docs.pawapay.io/v2: deposits, payouts, refunds, their
 * status checks and callbacks; openapi_v2.yaml). Authentication is the API token as a
 * bearer token. Every financial call carries our UUID v4 id (depositId / payoutId /
 * refundId), stored before the call: pawaPay answers a repeat with `DUPLICATE_IGNORED`,
 * which is the earlier call standing (no second payment). Amounts are strings in major
 * units; none of the providers of our pairs takes decimals (providers page).
 */
const OPERATOR = "pawapay";

export type PawapayKind = "deposits" | "payouts" | "refunds";

export interface PawapayConfig {
  baseUrl: string;
  apiToken: string;
  /** `CI:orange` -> `ORANGE_CIV`: our pair -> pawaPay provider code (PAWAPAY_PROVIDERS). */
  providers: Record<string, string>;
}

/** PAWAPAY_PROVIDERS: `CI:orange=ORANGE_CIV,SN:free=FREE_SEN,…`; pairs not listed have no pawaPay route. */
export function pawapayConfig(env: Record<string, string | undefined>): PawapayConfig | null {
  const { PAWAPAY_BASE_URL: baseUrl, PAWAPAY_API_TOKEN: apiToken } = env;
  const providers: Record<string, string> = {};
  for (const part of (env.PAWAPAY_PROVIDERS ?? "").split(",")) {
    const [pair, code] = part.split("=").map((s) => s?.trim());
    const [country, network] = (pair ?? "").split(":");
    if (country && network && code) providers[pairKey(country, network)] = code.toUpperCase();
  }
  if (!present(baseUrl) || !present(apiToken) || Object.keys(providers).length === 0) return null;
  return { baseUrl: trimSlash(baseUrl), apiToken, providers };
}

export function pawapayProvider(cfg: PawapayConfig, country: string, network: string): string | null {
  return cfg.providers[pairKey(country, network)] ?? null;
}

/** failureCode -> plain words, and whether it is the payer's refusal (D15: cancelled) rather than a failure. */
const FAILURES: Record<string, { reason: string; cancelled?: boolean }> = {
  // Deposits
  PAYER_NOT_FOUND: { reason: "Customer's number is not registered for mobile money" },
  PAYMENT_NOT_APPROVED: { reason: "Customer did not approve the payment", cancelled: true },
  PAYER_LIMIT_REACHED: { reason: "Customer's wallet limit has been reached" },
  INSUFFICIENT_BALANCE: { reason: "Customer has insufficient funds" },
  PAYMENT_IN_PROGRESS: { reason: "Customer already has a payment in progress" },
  // Payouts
  RECIPIENT_NOT_FOUND: { reason: "Recipient's number is not registered for mobile money" },
  RECIPIENT_NOT_ALLOWED_TO_RECEIVE: { reason: "Recipient's wallet cannot receive this payout" },
  MANUALLY_CANCELLED: { reason: "The payout was cancelled at pawaPay" },
  // Refunds
  DEPOSIT_NOT_FOUND: { reason: "pawaPay does not know the payment being refunded" },
  DEPOSIT_NOT_COMPLETED: { reason: "The payment being refunded is not completed at pawaPay" },
  ALREADY_REFUNDED: { reason: "The payment has already been refunded at pawaPay" },
  AMOUNT_TOO_LARGE: { reason: "The refund is larger than what is left of the payment" },
  // Rejections on initiation
  INVALID_PHONE_NUMBER: { reason: "The phone number is not valid for this network" },
  PROVIDER_TEMPORARILY_UNAVAILABLE: { reason: "The network is temporarily unavailable at pawaPay" },
  AMOUNT_OUT_OF_BOUNDS: { reason: "The amount is outside the network's limits at pawaPay" },
  INVALID_AMOUNT: { reason: "pawaPay refused the amount" },
  INVALID_CURRENCY: { reason: "pawaPay refused the currency" },
  INVALID_PROVIDER: { reason: "pawaPay does not serve this network" },
  DEPOSITS_NOT_ALLOWED: { reason: "pawaPay does not allow payments on this network for our account" },
  PAYOUTS_NOT_ALLOWED: { reason: "pawaPay does not allow payouts on this network for our account" },
  REFUNDS_NOT_ALLOWED: { reason: "pawaPay does not allow refunds on this network for our account" },
  UNSPECIFIED_FAILURE: { reason: "The network could not process the transaction" },
  UNKNOWN_ERROR: { reason: "The network could not process the transaction" },
};

interface FailureReason {
  failureCode?: string;
  failureMessage?: string;
}

export function plainFailure(f: FailureReason | undefined, kind: PawapayKind): { reason: string; cancelled: boolean } {
  const known = f?.failureCode ? FAILURES[f.failureCode] : undefined;
  // pawaPay's own INSUFFICIENT_BALANCE on a payout is our wallet at pawaPay, not the recipient's.
  if (f?.failureCode === "INSUFFICIENT_BALANCE" && kind !== "deposits") return { reason: "The pawaPay payout wallet has insufficient funds", cancelled: false };
  return { reason: known?.reason ?? (kind === "deposits" ? "The network declined the payment" : "The network declined the payout"), cancelled: !!known?.cancelled };
}

export interface PawapayRecord {
  status: string;
  providerTransactionId?: string;
  failureReason?: FailureReason;
}

/** A payment's status (check status / callback) -> ours (D19: COMPLETED, FAILED; anything else: poll). */
export function mapPawapayStatus(r: PawapayRecord, kind: PawapayKind): OperatorResult {
  switch (r.status) {
    case "COMPLETED":
      return { state: "successful", operatorRef: r.providerTransactionId ?? null, reason: null, operatorCode: r.status };
    case "FAILED": {
      const f = plainFailure(r.failureReason, kind);
      return { state: f.cancelled ? "cancelled" : "failed", operatorRef: r.providerTransactionId ?? null, reason: f.reason, operatorCode: r.failureReason?.failureCode ?? r.status };
    }
    default:
      // ACCEPTED, SUBMITTED, ENQUEUED, PROCESSING, IN_RECONCILIATION: not final yet.
      return { state: "pending", operatorRef: null, reason: null, operatorCode: r.status };
  }
}

/** The id field of each kind, in requests, answers and callbacks. */
export const ID_FIELD: Record<PawapayKind, "depositId" | "payoutId" | "refundId"> = { deposits: "depositId", payouts: "payoutId", refunds: "refundId" };

export interface PawapayInitiation {
  kind: PawapayKind;
  id: string;
  amount: Minor;
  currency: string;
  /** Deposits and payouts: E.164 digits and the provider code. */
  phone?: string;
  provider?: string;
  /** Refunds: the deposit being refunded. */
  depositId?: string;
  /** Providers that authorise with a code made beforehand (PREAUTH, e.g. ORANGE_BFA). */
  preAuthorisationCode?: string | null;
  clientReferenceId?: string;
  requestId: string;
}

export function createPawapayClient(cfg: PawapayConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const auth = { authorization: `Bearer ${cfg.apiToken}` };

  const refused = (a: OperatorAnswer, what: string): never => {
    const e = (a.json ?? {}) as { failureReason?: FailureReason };
    const detail = e.failureReason?.failureMessage ? ` (${e.failureReason.failureCode}: ${e.failureReason.failureMessage})` : "";
    throw new OperatorError(OPERATOR, "rejected", `pawaPay refused the ${what}${detail}`, a.status, e.failureReason?.failureCode ?? null);
  };

  return {
    operator: OPERATOR,

    /** POST /v2/{deposits|payouts|refunds}: ACCEPTED (pending), DUPLICATE_IGNORED (the earlier call stands), REJECTED (thrown). */
    async initiate(r: PawapayInitiation): Promise<OperatorResult> {
      const amount = majorUnits(OPERATOR, r.amount, true);
      const party = r.phone && r.provider ? { type: "MMO", accountDetails: { phoneNumber: r.phone, provider: r.provider } } : undefined;
      const body =
        r.kind === "refunds"
          ? { refundId: r.id, depositId: r.depositId, amount, currency: r.currency.toUpperCase() }
          : {
              [ID_FIELD[r.kind]]: r.id,
              amount,
              currency: r.currency.toUpperCase(),
              [r.kind === "deposits" ? "payer" : "recipient"]: party,
              ...(r.preAuthorisationCode ? { preAuthorisationCode: r.preAuthorisationCode } : {}),
              ...(r.clientReferenceId ? { clientReferenceId: r.clientReferenceId } : {}),
            };
      const a = checkAnswer(OPERATOR, await http.send({ method: "POST", url: `${cfg.baseUrl}/v2/${r.kind}`, headers: auth, body, requestId: r.requestId }));
      if (a.status !== 200) refused(a, r.kind.slice(0, -1));
      const j = (a.json ?? {}) as { status?: string; failureReason?: FailureReason };
      if (j.status === "ACCEPTED") return { state: "pending", operatorRef: null, reason: null, operatorCode: "ACCEPTED" };
      if (j.status === "DUPLICATE_IGNORED") return { state: "pending", operatorRef: null, reason: null, operatorCode: "DUPLICATE_IGNORED", duplicate: true };
      if (j.status === "REJECTED") {
        const f = plainFailure(j.failureReason, r.kind);
        throw new OperatorError(OPERATOR, "rejected", f.reason, a.status, j.failureReason?.failureCode ?? "REJECTED");
      }
      throw new OperatorError(OPERATOR, "protocol", `pawaPay answered an unknown initiation status ${String(j.status)}`, a.status);
    },

    /** GET /v2/{kind}/{id}: FOUND with the payment, or NOT_FOUND (never received). */
    async status(kind: PawapayKind, id: string, requestId: string): Promise<OperatorResult> {
      const a = checkAnswer(OPERATOR, await http.send({ method: "GET", url: `${cfg.baseUrl}/v2/${kind}/${encodeURIComponent(id)}`, headers: auth, requestId }));
      if (a.status !== 200) refused(a, "status check");
      const j = (a.json ?? {}) as { status?: string; data?: PawapayRecord };
      if (j.status === "NOT_FOUND") return { state: "unknown", operatorRef: null, reason: null, operatorCode: "NOT_FOUND", notFound: true };
      if (j.status !== "FOUND" || !j.data) throw new OperatorError(OPERATOR, "protocol", "pawaPay answered a status check we could not read", a.status);
      return mapPawapayStatus(j.data, kind);
    },
  };
}

export type PawapayClient = ReturnType<typeof createPawapayClient>;
