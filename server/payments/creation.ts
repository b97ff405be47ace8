import type { Mode, Transaction, transactions } from "../db/schema";
import type { Price } from "../fees/quote";
import type { Connector } from "../connectors/types";
import type { Destination } from "./destination";
import { errors, type FieldErrors } from "../errors";
import { toMinor, type Minor } from "../money";
import { callbackUrlProblem } from "../webhooks/url-guard";
import { routeFor } from "../connectors/registry";
import type { ConnectorPlan } from "../connectors/types";

/** Pieces shared by payin and payout creation. */

/** The validated request amount in hundredths (the schema already refused anything else). */
export function requestedMinor(amount: number): Minor {
  const minor = toMinor(amount);
  if (minor === null) throw errors.validation({ amount: ["The amount field must not have more than 2 decimal places."] });
  return minor;
}

/**
 * Where the hosted checkout sends the customer back: a browser redirect, so the
 * address is the customer's business, but it must be an absolute http(s) URL (https in live).
 */
export function returnUrlProblem(url: string, mode: Mode): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "The return_url field must be a valid URL.";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "The return_url field must be a valid URL.";
  if (mode === "live" && parsed.protocol !== "https:") return "The return_url field must be an https URL in live mode.";
  return null;
}

/**
 * callback_url (webhook policy of D6/D10, owned by the webhooks code) and return_url: one
 * 422 with both. Undefined, not a promise, when the request names neither (most do):
 * `const urls = checkRequestUrls(…); if (urls) await urls;` on the hot path.
 */
export function checkRequestUrls(input: { mode: Mode; callbackUrl?: string | null; returnUrl?: string | null }): Promise<void> | undefined {
  if ((input.callbackUrl === undefined || input.callbackUrl === null) && (input.returnUrl === undefined || input.returnUrl === null)) return undefined;
  return checkUrls(input);
}

async function checkUrls(input: { mode: Mode; callbackUrl?: string | null; returnUrl?: string | null }): Promise<void> {
  const fields: FieldErrors = {};
  if (input.callbackUrl !== undefined && input.callbackUrl !== null) {
    const problem = await callbackUrlProblem(input.callbackUrl, input.mode);
    if (problem) fields.callback_url = [problem];
  }
  if (input.returnUrl !== undefined && input.returnUrl !== null) {
    const problem = returnUrlProblem(input.returnUrl, input.mode);
    if (problem) fields.return_url = [problem];
  }
  if (Object.keys(fields).length) throw errors.validation(fields);
}

/** When the worker first looks: the connector's time, never later than the expiry. */
export function firstCheckAt(plan: ConnectorPlan, expiresAt: Date): Date {
  return plan.nextCheckAt && plan.nextCheckAt < expiresAt ? plan.nextCheckAt : expiresAt;
}

export function secondsFrom(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * The columns every new transaction row has, payin or payout: who, what was priced,
 * where it goes, and what the connector planned. Callers add their own columns.
 */
export function pendingTransactionColumns(input: {
  id: string;
  merchantId: string;
  mode: Mode;
  type: "payin" | "payout" | "refund";
  price: Price;
  request: { order_id?: string | null; payment_method: string; callback_url?: string | null };
  destination: Pick<Destination, "country" | "network" | "phone">;
  connector: Connector;
  /** The live route taken (D19), null in test mode. */
  route: string | null;
  plan: ConnectorPlan;
  expiresAt: Date;
  now: Date;
}) {
  const { price, request, destination, plan } = input;
  return {
    id: input.id,
    merchantId: input.merchantId,
    mode: input.mode,
    type: input.type,
    status: "pending" as const,
    requestedAmount: price.requestedAmount,
    amount: price.amount,
    fee: price.fee,
    chargedAmount: price.chargedAmount,
    currency: price.currency,
    orderId: request.order_id ?? null,
    paymentMethod: request.payment_method,
    countryCode: destination.country.code,
    network: destination.network.id,
    phoneNumber: destination.phone,
    callbackUrl: request.callback_url ?? null,
    connector: input.connector.name,
    route: input.route,
    connectorRef: plan.connectorRef,
    pendingOutcome: plan.pendingOutcome,
    failureReason: plan.pendingOutcome ? plan.outcomeReason : null,
    nextCheckAt: firstCheckAt(plan, input.expiresAt),
    operatorHandle: plan.operatorHandle ?? null,
    callbackSecret: plan.callbackSecret ?? null,
    expiresAt: input.expiresAt,
    createdAt: input.now,
    updatedAt: input.now,
  } satisfies Partial<typeof transactions.$inferInsert>;
}

/**
 * The shared opening of every payout-shaped creation (payout, bulk item, refund): the
 * network's payout connector (503 when none), its plan, and the pending row's columns with
 * the beneficiary. Each caller adds only its own columns.
 */
export async function planPayoutRow(
  input: Omit<Parameters<typeof pendingTransactionColumns>[0], "connector" | "route" | "plan" | "type"> & {
    type: "payout" | "refund";
    beneficiary: string;
    /** A refund's payin: its route may refund it itself (pawaPay, D19). */
    refundOf?: Pick<Transaction, "route">;
  },
): Promise<{ connector: Connector; values: ReturnType<typeof pendingTransactionColumns> & { beneficiary: string } }> {
  const { country, network, phone } = input.destination;
  const chosen = await routeFor(input.mode, country.code, network.id, "payout", { refundOf: input.refundOf });
  if (!chosen) throw errors.networkUnavailable();
  const { connector, route } = chosen;
  const plan = await connector.initiatePayout({
    transactionId: input.id,
    amount: input.price.amount,
    currency: input.price.currency,
    countryCode: country.code,
    network: network.id,
    phone,
    createdAt: input.now,
    beneficiary: input.beneficiary,
  });
  const { beneficiary, refundOf: _refundOf, ...columns } = input;
  // Object.assign, not spreads with new fields: those cost ~1.4 µs a field (api-views.ts).
  return { connector, values: Object.assign(pendingTransactionColumns(Object.assign({}, columns, { connector, route, plan })), { beneficiary }) };
}
