import { and, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { checkoutSessions, merchants, transactions, type CheckoutSession, type Mode, type TransactionStatus } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { toAmount, toMinor } from "../money";
import { coverage, findCurrencyLimits } from "../catalog/coverage";
import { checkRequestUrls } from "../payments/creation";
import { amountWithinLimits, countryAndLimits } from "./link-rules";
import { hostedPayLimits, startHostedPayin, throttleHostedPay, type HostedPayResult, type PayerInput } from "./hosted-pay";
import type { CreateCheckoutSessionBody } from "./checkout-sessions.contract";
import type { CheckoutSessionStatus } from "../vocabulary";

/** Hosted checkout sessions (issue 21): an integrator's one-order payment page. */
export const CHECKOUT_SESSION_MINUTES = 60;

export function sessionUrl(origin: string, id: string): string {
  return `${origin.replace(/\/$/, "")}/pay/session/${id}`;
}

export async function createCheckoutSession(db: DbOrTx, input: { merchantId: string; mode: Mode; body: CreateCheckoutSessionBody }): Promise<CheckoutSession> {
  const b = input.body;
  const requested = toMinor(b.amount);
  if (requested === null) throw fieldError("amount", "The amount field must not have more than 2 decimal places.");
  let currency: string;
  let amount = requested;
  let countryCode: string | null = null;
  if (b.country_code) {
    const { country, limits } = countryAndLimits(b.country_code, b.currency);
    amount = amountWithinLimits("amount", country, limits, requested);
    currency = limits.currency;
    countryCode = country.code;
  } else {
    if (!b.currency) throw fieldError("currency", "The currency field is required when country_code is left out.");
    currency = b.currency.toUpperCase();
    const countries = coverage.filter((c) => findCurrencyLimits(c, currency));
    if (!countries.length) throw fieldError("currency", `The currency field must be one of the covered currencies.`);
    // Some country of the currency must be able to take the amount as it is.
    const fits = countries.some((c) => {
      const l = findCurrencyLimits(c, currency)!;
      return requested >= l.min && requested <= l.max && (!c.roundsToFive || requested % 500n === 0n);
    });
    if (!fits) throw fieldError("amount", `The amount field is outside the limits of every country using ${currency}; give country_code to have it rounded.`);
  }
  const urls = checkRequestUrls({ mode: input.mode, callbackUrl: b.callback_url, returnUrl: b.return_url });
  if (urls) await urls;
  const now = new Date();
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      id: newId("checkoutSession"),
      merchantId: input.merchantId,
      mode: input.mode,
      amount,
      currency,
      countryCode,
      orderId: b.order_id,
      description: b.description ?? null,
      returnUrl: b.return_url,
      callbackUrl: b.callback_url ?? null,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
    })
    .returning();
  return row;
}

export interface SessionWithPayment {
  session: CheckoutSession;
  paymentStatus: TransactionStatus | null;
  status: CheckoutSessionStatus;
}

/** The session's status from its latest payin: complete once that payin succeeded (stored then), expired past expires_at. */
async function withStatus(db: DbOrTx, session: CheckoutSession): Promise<SessionWithPayment> {
  let paymentStatus: TransactionStatus | null = null;
  if (session.transactionId) {
    const [t] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, session.transactionId)).limit(1);
    paymentStatus = t?.status ?? null;
  }
  if (session.status === "open" && paymentStatus === "successful") {
    const now = new Date();
    const [row] = await db
      .update(checkoutSessions)
      .set({ status: "complete", completedAt: now, updatedAt: now })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "open")))
      .returning();
    if (row) session = row;
    else session = { ...session, status: "complete" };
  }
  let status: CheckoutSessionStatus = session.status;
  if (status === "open" && session.expiresAt <= new Date() && paymentStatus !== "pending") status = "expired";
  return { session, paymentStatus, status };
}

export async function getCheckoutSession(db: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<SessionWithPayment> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, input.id), eq(checkoutSessions.merchantId, input.merchantId), eq(checkoutSessions.mode, input.mode)))
    .limit(1);
  if (!row) throw errors.notFound("Checkout session not found");
  return withStatus(db, row);
}

/** The public page's read: by id alone (the id is the capability, 80 random bits), with the merchant's name. */
export async function findSessionForPage(db: DbOrTx, id: string): Promise<(SessionWithPayment & { merchantName: string }) | null> {
  if (!/^cs_[0-9A-Z]{26}$/.test(id)) return null;
  const [row] = await db
    .select({ session: checkoutSessions, merchantName: merchants.name })
    .from(checkoutSessions)
    .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
    .where(eq(checkoutSessions.id, id))
    .limit(1);
  if (!row) return null;
  return { ...(await withStatus(db, row.session)), merchantName: row.merchantName };
}

/** return_url with the session id and its status, as the customer is sent back. */
export function sessionReturnUrl(session: Pick<CheckoutSession, "id" | "returnUrl">, status: CheckoutSessionStatus): string {
  const url = new URL(session.returnUrl);
  url.searchParams.set("session_id", session.id);
  url.searchParams.set("status", status);
  return url.toString();
}

/** The customer pays the session: one payin at a time (a new attempt only after a failed or cancelled one). */
export async function startSessionPayment(db: Database, input: PayerInput & { sessionId: string }): Promise<HostedPayResult> {
  const found = await findSessionForPage(db, input.sessionId);
  if (!found) throw errors.notFound("Checkout session not found");
  if (found.status !== "open") throw new AppError("conflict", `Checkout session is ${found.status}`, { state: found.status });
  if (found.paymentStatus === "pending") throw new AppError("conflict", "A payment is already in progress", { state: "pending", transaction_id: found.session.transactionId });
  const s = found.session;
  if (s.countryCode && input.countryCode !== s.countryCode) throw fieldError("country", `The country must be ${s.countryCode}.`);
  await throttleHostedPay({ spec: hostedPayLimits.perSession, key: s.id }, input.clientAddress);
  const result = await startHostedPayin(db, {
    ...input,
    merchantId: s.merchantId,
    mode: s.mode,
    amount: s.amount,
    currency: s.currency,
    orderId: s.orderId,
    callbackUrl: s.callbackUrl,
    returnUrl: `${input.origin.replace(/\/$/, "")}/pay/receipt`,
    tag: { checkoutSessionId: s.id },
  });
  await db.update(checkoutSessions).set({ transactionId: result.transactionId, updatedAt: new Date() }).where(eq(checkoutSessions.id, s.id));
  return result;
}

export function checkoutSessionView(s: SessionWithPayment, origin: string) {
  const x = s.session;
  return {
    id: x.id,
    url: sessionUrl(origin, x.id),
    status: s.status,
    amount: toAmount(x.amount),
    currency: x.currency,
    country_code: x.countryCode,
    order_id: x.orderId,
    description: x.description,
    return_url: x.returnUrl,
    callback_url: x.callbackUrl,
    transaction_id: x.transactionId,
    payment_status: s.paymentStatus,
    expires_at: x.expiresAt.toISOString(),
    created_at: x.createdAt.toISOString(),
    completed_at: x.completedAt?.toISOString() ?? null,
  };
}
