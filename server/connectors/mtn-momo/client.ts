import { isWholeUnitCurrency, type Minor } from "../../money";
import {
  OperatorError,
  OperatorHttp,
  TokenCache,
  checkAnswer,
  majorUnits,
  parsePairs,
  present,
  trimSlash,
  withToken,
  type HttpOptions,
  type OperatorResult,
} from "../operator-http";

/**
 * MTN MoMo Open API client (momodeveloper.mtn.com): Collection `requesttopay` for payins,
 * Disbursement `transfer` for payouts. The caller generates the X-Reference-Id (UUID v4),
 * stores it, then calls; a retry with the same id can never pay twice (MoMo answers 409).
 */
const OPERATOR = "mtn-momo";

export interface MomoProductCredentials {
  subscriptionKey: string;
  userId: string;
  apiKey: string;
}

export interface MomoConfig {
  baseUrl: string;
  collection: MomoProductCredentials | null;
  disbursement: MomoProductCredentials | null;
  /** Country (ISO alpha-2) -> X-Target-Environment. */
  targetEnvironments: Record<string, string>;
}

/** D15 variables -> config; null when nothing usable is configured. */
export function momoConfig(env: Record<string, string | undefined>): MomoConfig | null {
  const product = (p: "COLLECTION" | "DISBURSEMENT"): MomoProductCredentials | null => {
    const [subscriptionKey, userId, apiKey] = [env[`MTN_MOMO_${p}_SUBSCRIPTION_KEY`], env[`MTN_MOMO_${p}_USER_ID`], env[`MTN_MOMO_${p}_API_KEY`]];
    return present(subscriptionKey) && present(userId) && present(apiKey) ? { subscriptionKey, userId, apiKey } : null;
  };
  const cfg = { baseUrl: env.MTN_MOMO_BASE_URL ?? "", collection: product("COLLECTION"), disbursement: product("DISBURSEMENT"), targetEnvironments: parsePairs(env.MTN_MOMO_TARGET_ENVIRONMENTS) };
  if (!present(cfg.baseUrl) || (!cfg.collection && !cfg.disbursement) || Object.keys(cfg.targetEnvironments).length === 0) return null;
  return { ...cfg, baseUrl: trimSlash(cfg.baseUrl) };
}

/** Whether a country has live mtn for this direction. */
export function momoAvailable(cfg: MomoConfig | null, countryCode: string, direction: "payin" | "payout"): boolean {
  if (!cfg || !cfg.targetEnvironments[countryCode.toUpperCase()]) return false;
  return direction === "payin" ? !!cfg.collection : !!cfg.disbursement;
}


export interface MomoRequest {
  /** UUID v4, generated and stored by the caller before the call. */
  referenceId: string;
  countryCode: string;
  amount: Minor;
  currency: string;
  /** E.164 digits without the plus (MoMo's MSISDN format: country code included). */
  phone: string;
  /** Our transaction id; shows in MTN's reports. */
  externalId: string;
  callbackUrl?: string;
  payerMessage?: string;
  payeeNote?: string;
  requestId: string;
}

const PLAIN: Record<string, [OperatorResult["state"], string, string?]> = {
  // [state, payin words, payout words]
  APPROVAL_REJECTED: ["cancelled", "Customer declined the payment"],
  EXPIRED: ["cancelled", "Customer did not approve the payment in time", "The transfer expired before it completed"],
  COULD_NOT_PERFORM_TRANSACTION: ["cancelled", "Customer did not approve the payment in time", "The network could not complete the transfer"],
  PAYER_DELAYED: ["cancelled", "Customer did not approve the payment in time"],
  NOT_ENOUGH_FUNDS: ["failed", "Customer has insufficient funds", "The disbursement account has insufficient funds"],
  PAYER_NOT_FOUND: ["failed", "Customer's number is not registered for MTN Mobile Money"],
  PAYEE_NOT_FOUND: ["failed", "Recipient's number is not registered for MTN Mobile Money", "Recipient's number is not registered for MTN Mobile Money"],
  PAYER_LIMIT_REACHED: ["failed", "Customer's wallet limit has been reached", "Recipient's wallet limit has been reached"],
  PAYEE_NOT_ALLOWED_TO_RECEIVE: ["failed", "The account is not allowed to receive money", "Recipient is not allowed to receive money"],
  NOT_ALLOWED: ["failed", "The network did not allow this transaction"],
  NOT_ALLOWED_TARGET_ENVIRONMENT: ["failed", "The network did not allow this transaction"],
  INVALID_CURRENCY: ["failed", "Currency not supported by the network"],
  SERVICE_UNAVAILABLE: ["failed", "The network was unavailable"],
  INTERNAL_PROCESSING_ERROR: ["failed", "The network could not process the transaction"],
};

/** MoMo's status answer (GET or callback body) -> our result. `reason` is a string or, in older versions, {code,message}. */
export function mapMomoStatus(body: unknown, direction: "payin" | "payout"): OperatorResult {
  const b = (body ?? {}) as { status?: string; reason?: unknown; financialTransactionId?: string };
  const ref = b.financialTransactionId ?? null;
  switch (b.status) {
    case "SUCCESSFUL":
      return { state: "successful", operatorRef: ref, reason: null, operatorCode: "SUCCESSFUL" };
    case "PENDING":
      return { state: "pending", operatorRef: ref, reason: null, operatorCode: "PENDING" };
    case "FAILED": {
      const code = typeof b.reason === "string" ? b.reason : ((b.reason as { code?: string } | undefined)?.code ?? "UNKNOWN");
      const [state, payin, payout] = PLAIN[code] ?? ["failed", "The network declined the transaction"];
      return { state, operatorRef: ref, reason: direction === "payout" ? (payout ?? payin) : payin, operatorCode: code };
    }
    default:
      return { state: "unknown", operatorRef: ref, reason: null, operatorCode: b.status ?? null };
  }
}

/**
 * What an unsigned MoMo callback tells us: only which transaction to ask about. It is
 * never trusted as an outcome (D15): the route calls getRequestToPay / getTransfer.
 */
export function momoCallbackHint(body: unknown): { externalId: string | null; status: string | null } {
  const b = (body ?? {}) as { externalId?: unknown; status?: unknown };
  return { externalId: typeof b.externalId === "string" ? b.externalId : null, status: typeof b.status === "string" ? b.status : null };
}

export function createMomoClient(cfg: MomoConfig, opts: HttpOptions = {}) {
  const http = new OperatorHttp(OPERATOR, opts);
  const tokens = {
    collection: cfg.collection ? tokenCache("collection", cfg.collection) : null,
    disbursement: cfg.disbursement ? tokenCache("disbursement", cfg.disbursement) : null,
  };

  function tokenCache(product: "collection" | "disbursement", creds: MomoProductCredentials) {
    return new TokenCache(async () => {
      const a = checkAnswer(
        OPERATOR,
        await http.send({
          method: "POST",
          url: `${cfg.baseUrl}/${product}/token/`,
          headers: { authorization: `Basic ${Buffer.from(`${creds.userId}:${creds.apiKey}`).toString("base64")}`, "ocp-apim-subscription-key": creds.subscriptionKey },
          requestId: `token-${product}`,
        }),
      );
      const j = a.json as { access_token?: string; expires_in?: number | string } | null;
      if (a.status !== 200 || !j?.access_token) throw new OperatorError(OPERATOR, "auth", `MoMo ${product} token refused (${a.status})`, a.status);
      return { token: j.access_token, expiresInSeconds: Number(j.expires_in ?? 3600) };
    });
  }

  function product(p: "collection" | "disbursement") {
    const creds = cfg[p];
    const cache = tokens[p];
    if (!creds || !cache) throw new OperatorError(OPERATOR, "auth", `MoMo ${p} is not configured`);
    return { creds, cache };
  }

  function environment(countryCode: string): string {
    const env = cfg.targetEnvironments[countryCode.toUpperCase()];
    if (!env) throw new OperatorError(OPERATOR, "rejected", `MoMo has no target environment for ${countryCode}`);
    return env;
  }

  async function submit(p: "collection" | "disbursement", r: MomoRequest): Promise<OperatorResult> {
    const { creds, cache } = product(p);
    const body = {
      amount: majorUnits(OPERATOR, r.amount, isWholeUnitCurrency(r.currency)),
      currency: r.currency.toUpperCase(),
      externalId: r.externalId,
      [p === "collection" ? "payer" : "payee"]: { partyIdType: "MSISDN", partyId: r.phone.replace(/^\+/, "") },
      payerMessage: r.payerMessage ?? "",
      payeeNote: r.payeeNote ?? "",
    };
    const targetEnvironment = environment(r.countryCode);
    const a = checkAnswer(
      OPERATOR,
      await withToken(cache, (token) =>
        http.send({
          method: "POST",
          url: `${cfg.baseUrl}/${p}/v1_0/${p === "collection" ? "requesttopay" : "transfer"}`,
          headers: {
            authorization: `Bearer ${token}`,
            "x-reference-id": r.referenceId,
            "x-target-environment": targetEnvironment,
            "ocp-apim-subscription-key": creds.subscriptionKey,
            ...(r.callbackUrl ? { "x-callback-url": r.callbackUrl } : {}),
          },
          body,
          requestId: r.requestId,
        }),
      ),
    );
    if (a.status === 202) return { state: "pending", operatorRef: null, reason: null, operatorCode: "ACCEPTED" };
    const e = (a.json ?? {}) as { code?: string; message?: string };
    // 409: this X-Reference-Id was already accepted (a retry after a crash or timeout): not a second payment.
    if (a.status === 409) return { state: "pending", operatorRef: null, reason: null, operatorCode: e.code ?? "RESOURCE_ALREADY_EXIST", duplicate: true };
    throw new OperatorError(OPERATOR, "rejected", e.message ?? `MoMo refused the request (${a.status})`, a.status, e.code ?? null);
  }

  async function status(p: "collection" | "disbursement", referenceId: string, countryCode: string, requestId: string): Promise<OperatorResult> {
    const { creds, cache } = product(p);
    const targetEnvironment = environment(countryCode);
    const a = checkAnswer(
      OPERATOR,
      await withToken(cache, (token) =>
        http.send({
          method: "GET",
          url: `${cfg.baseUrl}/${p}/v1_0/${p === "collection" ? "requesttopay" : "transfer"}/${encodeURIComponent(referenceId)}`,
          headers: { authorization: `Bearer ${token}`, "x-target-environment": targetEnvironment, "ocp-apim-subscription-key": creds.subscriptionKey },
          requestId,
        }),
      ),
    );
    if (a.status === 404) return { state: "unknown", operatorRef: null, reason: null, operatorCode: "RESOURCE_NOT_FOUND", notFound: true };
    if (a.status !== 200) {
      const e = (a.json ?? {}) as { code?: string; message?: string };
      throw new OperatorError(OPERATOR, "rejected", e.message ?? `MoMo status query refused (${a.status})`, a.status, e.code ?? null);
    }
    return mapMomoStatus(a.json, p === "collection" ? "payin" : "payout");
  }

  return {
    operator: OPERATOR,
    /** Payin: asks the payer to approve on their phone. Pending until they do. */
    requestToPay: (r: MomoRequest) => submit("collection", r),
    getRequestToPay: (referenceId: string, countryCode: string, requestId: string) => status("collection", referenceId, countryCode, requestId),
    /** Payout from the disbursement account. */
    transfer: (r: MomoRequest) => submit("disbursement", r),
    getTransfer: (referenceId: string, countryCode: string, requestId: string) => status("disbursement", referenceId, countryCode, requestId),
  };
}

export type MomoClient = ReturnType<typeof createMomoClient>;
