import { and, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { linkPayments, merchants, transactions, type Mode } from "../db/schema";
import { AppError, errors, type FieldErrors } from "../errors";
import { toAmount, toDecimalString, toMinor, type Minor } from "../money";
import { assertNoNul, parseOrThrow } from "../contracts/validation";
import { consumeOrThrow } from "../auth/throttle";
import type { LimiterSpec } from "../rate-limit/store";
import { createPayin } from "../payments/create-payin";
import { payinBody, type PayinRequest } from "../payments/create-payin.contract";
import { resolveDestination } from "../payments/destination";
import { approvalStep, type ApprovalStep } from "../payments/payin-authorization";
import { finalizePayin } from "../payments/finalize-payin";

/**
 * The payment a payer starts on a hosted page (/pay/{slug}, /pay/session/{id}): an
 * ordinary payin made through createPayin (the same checks, fees, connectors, webhooks),
 * then tagged in `link_payments` with its link or session and the fields the payer typed.
 * The page sends an attempt key (a UUID per form submission) used as the Idempotency-Key,
 * so a double tap or a retried request on a slow connection makes one payin, not two.
 */

/** Abuse limits (issue 21): per link or session, and per client address across all links. */
export const hostedPayLimits = {
  perLink: { name: "paylink-link", points: 60, duration: 600 },
  perSession: { name: "paylink-session", points: 10, duration: 3600 },
  perAddress: { name: "paylink-address", points: 20, duration: 600 },
} satisfies Record<string, LimiterSpec>;

export interface PayerInput {
  phone: string;
  network: string;
  countryCode: string;
  payerName?: string | null;
  payerEmail?: string | null;
  payerReference?: string | null;
  /** UUID per form submission (Idempotency-Key). */
  attemptKey: string;
  clientAddress: string;
  origin: string;
}

export interface HostedPayResult {
  transactionId: string;
  status: string;
  authMode: "confirm" | "pin" | null;
  instructions: string | null;
  /** The `confirm` step as data, for the page to word in the payer's language (`instructions` is the API's English). */
  approval: HostedApproval | null;
  redirectUrl: string | null;
}

export type HostedApproval = ApprovalStep & { network: string; amount: string; currency: string };

/** The payer's step of a `confirm` payin; null when there is none (or a live operator replaced it with a redirect). */
function hostedApproval(request: PayinRequest, data: { amount: number; currency: string; auth_mode: string | null; instructions: string | null }): HostedApproval | null {
  const amount = toMinor(data.amount);
  if (data.auth_mode !== "confirm" || data.instructions === null || amount === null) return null;
  const { network, phone } = resolveDestination(request, "payin");
  const step = approvalStep(network, amount, phone);
  return step && { ...step, network: network.name, amount: toDecimalString(amount), currency: data.currency };
}

/** Where the payer's own form fields are named (the page shows these beside the inputs). */
const FIELD_OF: Record<string, string> = {
  amount: "amount",
  currency: "amount",
  "metadata.phone_number": "phone",
  "metadata.network": "network",
  "metadata.country_code": "country",
};

/** A payin error in the page's field names: 422 `Validation failed` with data { phone: [...] }. */
function pageError(err: unknown): never {
  if (err instanceof AppError && err.code === "validation_failed") {
    const out: FieldErrors = {};
    for (const [field, messages] of Object.entries((err.data ?? {}) as FieldErrors)) (out[FIELD_OF[field] ?? "form"] ??= []).push(...messages);
    throw errors.validation(out);
  }
  if (err instanceof AppError && err.code === "amount_out_of_limits") throw new AppError("validation_failed", "Validation failed", { amount: [err.message] });
  throw err;
}

export async function throttleHostedPay(scope: { spec: LimiterSpec; key: string }, clientAddress: string): Promise<void> {
  await consumeOrThrow(hostedPayLimits.perAddress, clientAddress);
  await consumeOrThrow(scope.spec, scope.key);
}

export async function startHostedPayin(
  db: Database,
  input: PayerInput & {
    merchantId: string;
    mode: Mode;
    amount: Minor;
    currency: string;
    orderId: string | null;
    callbackUrl: string | null;
    returnUrl: string;
    tag: { paymentLinkId?: string; checkoutSessionId?: string };
  },
): Promise<HostedPayResult> {
  if (!/^[A-Za-z0-9-]{16,64}$/.test(input.attemptKey)) throw errors.validation({ form: ["The attempt key is invalid. Reload the page."] });
  // What the payer typed is stored in the tag, written after the payin commits: a NUL
  // (PostgreSQL text cannot hold one) failed that insert and left an untagged payin the
  // payer was told had failed. Refused here, before anything is created.
  assertNoNul({ name: input.payerName, email: input.payerEmail, reference: input.payerReference });
  let created;
  let request: PayinRequest;
  try {
    request = parseOrThrow(payinBody, {
      amount: toAmount(input.amount),
      currency: input.currency,
      order_id: input.orderId,
      callback_url: input.callbackUrl,
      return_url: input.returnUrl,
      metadata: { phone_number: input.phone, network: input.network, country_code: input.countryCode },
    });
    created = await createPayin(db, { merchantId: input.merchantId, mode: input.mode, request, idempotencyKey: `hosted:${input.attemptKey}`, origin: input.origin });
  } catch (err) {
    pageError(err);
  }
  const data = created.data;
  // Tagged after the payin committed (create-payin is not ours to change); a replay finds the tag there already.
  await db
    .insert(linkPayments)
    .values({
      transactionId: data.transaction_id,
      merchantId: input.merchantId,
      paymentLinkId: input.tag.paymentLinkId ?? null,
      checkoutSessionId: input.tag.checkoutSessionId ?? null,
      payerName: input.payerName || null,
      payerEmail: input.payerEmail || null,
      payerReference: input.payerReference || null,
    })
    .onConflictDoNothing();
  const approval = hostedApproval(request, data);
  return { transactionId: data.transaction_id, status: data.status, authMode: data.auth_mode, instructions: data.instructions, approval, redirectUrl: data.redirect_url };
}

/** A hosted payment with its tag and merchant, by payin id; null unless it was made on a hosted page. */
export async function findHostedPayment(db: DbOrTx, transactionId: string) {
  if (!/^pi_[0-9A-Z]{26}$/.test(transactionId)) return null;
  const [row] = await db
    .select({ t: transactions, tag: linkPayments, merchantName: merchants.name })
    .from(linkPayments)
    .innerJoin(transactions, eq(transactions.id, linkPayments.transactionId))
    .innerJoin(merchants, eq(merchants.id, linkPayments.merchantId))
    .where(and(eq(linkPayments.transactionId, transactionId), eq(transactions.type, "payin")))
    .limit(1);
  return row ?? null;
}

/** The PIN step (D7 `pin`) of a hosted payment: finalize with the code the payer typed. */
export async function finalizeHostedPayment(db: Database, input: { transactionId: string; otp: string }): Promise<HostedPayResult> {
  const found = await findHostedPayment(db, input.transactionId);
  if (!found) throw errors.transactionNotFound();
  if (!/^\d{4,8}$/.test(input.otp)) throw errors.validation({ otp: ["The code must be 4 to 8 digits."] });
  const data = await finalizePayin(db, { merchantId: found.t.merchantId, mode: found.t.mode, id: found.t.id, otp: input.otp });
  return { transactionId: data.transaction_id, status: data.status, authMode: data.auth_mode, instructions: data.instructions, approval: null, redirectUrl: data.redirect_url };
}
