import { randomUUID } from "node:crypto";
import { FakeServer, basicCredentials, header, isUuid, outcomeOf, type FakeAnswer, type FakeOptions, type FakeRequest } from "../common";

/**
 * Fake of the MTN MoMo Open API (Collection `requesttopay`, Disbursement `transfer`), as
 * documented on momodeveloper.mtn.com (see README.md next to this file).
 */
export interface MomoFakeOptions extends FakeOptions {
  products?: Partial<Record<"collection" | "disbursement", { subscriptionKey: string; userId: string; apiKey: string }>>;
  /** X-Target-Environment values accepted, with their currency. */
  environments?: Record<string, string>;
  /** HTTP method of the callback (the sandbox sends PUT for requesttopay). */
  callbackMethod?: "PUT" | "POST";
}

export const MOMO_DEFAULTS = {
  collection: { subscriptionKey: "momo-coll-sub-key", userId: "3f6b1c2e-1d2f-4a5b-8c9d-0e1f2a3b4c5d", apiKey: "momo-coll-api-key" },
  disbursement: { subscriptionKey: "momo-disb-sub-key", userId: "7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d", apiKey: "momo-disb-api-key" },
  environments: { mtnuganda: "UGX", mtnivorycoast: "XOF", mtncameroon: "XAF", mtnbenin: "XOF", mtncongo: "XAF", mtnguineaconakry: "GNF", mtnrwanda: "RWF", sandbox: "EUR" } as Record<string, string>,
};

type Product = "collection" | "disbursement";

interface MomoTxn {
  product: Product;
  referenceId: string;
  body: Record<string, unknown>;
  party: { partyIdType: string; partyId: string };
  dueAt: number;
  callbackUrl?: string;
  financialTransactionId: string;
  outcome: ReturnType<typeof outcomeOf>;
}

const err = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message } });

/** The documented failure reasons, per product and phone outcome. */
function finalStatus(t: MomoTxn): { status: "SUCCESSFUL" | "FAILED" | "PENDING"; reason?: string } {
  switch (t.outcome) {
    case "successful":
      return { status: "SUCCESSFUL" };
    case "never":
      return { status: "PENDING" };
    case "insufficient":
      return { status: "FAILED", reason: t.product === "collection" ? "NOT_ENOUGH_FUNDS" : "PAYEE_NOT_FOUND" };
    case "declined":
      return { status: "FAILED", reason: t.product === "collection" ? "APPROVAL_REJECTED" : "PAYER_LIMIT_REACHED" };
    case "expired":
      return { status: "FAILED", reason: t.product === "collection" ? "EXPIRED" : "INTERNAL_PROCESSING_ERROR" };
    case "other":
      return { status: "FAILED", reason: t.product === "collection" ? "PAYER_NOT_FOUND" : "NOT_ALLOWED" };
  }
}

export function createMomoFake(options: MomoFakeOptions = {}) {
  const products = { ...MOMO_DEFAULTS, ...options.products } as Record<Product, { subscriptionKey: string; userId: string; apiKey: string }>;
  const environments = options.environments ?? MOMO_DEFAULTS.environments;
  const txns = new Map<string, MomoTxn>();

  function view(t: MomoTxn) {
    const due = Date.now() >= t.dueAt;
    const final = due ? finalStatus(t) : { status: "PENDING" as const };
    const partyKey = t.product === "collection" ? "payer" : "payee";
    return {
      amount: t.body.amount,
      currency: t.body.currency,
      ...(final.status === "SUCCESSFUL" ? { financialTransactionId: t.financialTransactionId } : {}),
      externalId: t.body.externalId,
      [partyKey]: t.party,
      payerMessage: t.body.payerMessage ?? "",
      payeeNote: t.body.payeeNote ?? "",
      status: final.status,
      ...(final.status === "FAILED" ? { reason: final.reason } : {}),
    };
  }

  const handler = async (req: FakeRequest): Promise<FakeAnswer | null> => {
    const m = /^\/(collection|disbursement)\/(token\/|v1_0\/(requesttopay|transfer)(?:\/([^/]+))?)$/.exec(req.url.pathname);
    if (!m) return null;
    const product = m[1] as Product;
    const creds = products[product];
    if (header(req.headers, "ocp-apim-subscription-key") !== creds.subscriptionKey) {
      return err(401, "401", "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.");
    }
    if (m[2] === "token/") {
      if (req.method !== "POST") return err(405, "METHOD_NOT_ALLOWED", "Method not allowed");
      const basic = basicCredentials(req.headers);
      if (!basic || basic[0] !== creds.userId || basic[1] !== creds.apiKey) return { status: 401, body: { error: "login_failed" } };
      const { token, expiresIn } = fake.issueToken();
      return { status: 200, body: { access_token: token, token_type: "access_token", expires_in: expiresIn } };
    }
    const resource = m[3];
    if ((product === "collection") !== (resource === "requesttopay")) return null;
    if (!fake.bearerValid(req.headers)) return err(401, "INVALID_CREDENTIALS", "Access token is missing, invalid or expired");
    const env = header(req.headers, "x-target-environment");
    if (!env || !(env in environments)) return err(400, "NOT_ALLOWED_TARGET_ENVIRONMENT", "Access to target environment is forbidden.");

    if (req.method === "GET" && m[4]) {
      const t = txns.get(m[4]);
      if (!t || t.product !== product) return err(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.");
      return { status: 200, body: view(t) };
    }
    if (req.method !== "POST" || m[4]) return err(405, "METHOD_NOT_ALLOWED", "Method not allowed");

    const referenceId = header(req.headers, "x-reference-id");
    if (!isUuid(referenceId)) return err(400, "INVALID_REFERENCE_ID", "Reference Id must be a UUID version 4");
    if (txns.has(referenceId!)) return err(409, "RESOURCE_ALREADY_EXIST", "Duplicated reference id. Creation of resource failed.");
    const body = (req.json ?? null) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return err(400, "INVALID_REQUEST", "Request body is not valid JSON");
    const partyKey = product === "collection" ? "payer" : "payee";
    const party = body[partyKey] as { partyIdType?: string; partyId?: string } | undefined;
    if (typeof body.amount !== "string" || !/^\d+(\.\d{1,2})?$/.test(body.amount) || Number(body.amount) <= 0) {
      return err(400, "INVALID_AMOUNT", "Amount must be a positive number sent as a string");
    }
    if (body.currency !== environments[env]) return err(400, "INVALID_CURRENCY", "Currency not supported.");
    if (!party || party.partyIdType !== "MSISDN" || !/^\d{9,15}$/.test(party.partyId ?? "")) {
      return err(400, `${partyKey.toUpperCase()}_NOT_FOUND`, `${partyKey} MSISDN must be digits with the country code`);
    }
    const callbackUrl = header(req.headers, "x-callback-url");
    if (callbackUrl && !/^https?:\/\//.test(callbackUrl)) return err(400, "INVALID_CALLBACK_URL_HOST", "Callback URL host is not valid");
    const t: MomoTxn = {
      product,
      referenceId: referenceId!,
      body,
      party: { partyIdType: "MSISDN", partyId: party.partyId! },
      dueAt: Date.now() + fake.opts.outcomeDelayMs,
      callbackUrl,
      financialTransactionId: String(Math.floor(1e8 + Math.random() * 9e8)),
      outcome: outcomeOf(party.partyId!),
    };
    txns.set(t.referenceId, t);
    if (t.outcome !== "never") {
      fake.later(fake.opts.outcomeDelayMs, () => fake.callback(t.callbackUrl, view(t), options.callbackMethod ?? "PUT"));
    }
    return { status: 202 };
  };

  const fake = new FakeServer("mtn-momo", options, handler);
  return Object.assign(fake, {
    credentials: products,
    environments,
    transactions: txns,
    randomReferenceId: () => randomUUID(),
  });
}

export type MomoFake = ReturnType<typeof createMomoFake>;
