"use server";

import { headers } from "next/headers";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { clientAddress } from "@/server/auth/throttle";
import { predictNetwork } from "@/server/catalog/predict-network";
import { normalizePhone } from "@/server/catalog/phone";
import { quoteFee } from "@/server/fees/quote";
import { toMinor } from "@/server/money";
import { startLinkPayment } from "@/server/payment-links/pay-link";
import { startSessionPayment } from "@/server/payment-links/checkout-sessions";
import { finalizeHostedPayment, findHostedPayment, type HostedPayResult } from "@/server/payment-links/hosted-pay";
import { wakeWorker } from "@/server/worker/loop";
import { docsOrigin as pageOrigin } from "@/app/docs/_components/origin";

/**
 * The public payment pages' server actions (/pay/{slug}, /pay/session/{id}): no session,
 * no API key; the link's slug or the session's id is the capability. Errors come back as
 * values the page words in the payer's language, never as thrown exceptions.
 */
export type PayFailure = { ok: false; code: "fields" | "rate_limited" | "closed" | "in_progress" | "unavailable" | "generic"; fields?: string[]; state?: string; transactionId?: string };
export type PayOutcome = ({ ok: true } & HostedPayResult) | PayFailure;

export interface PayForm {
  phone: string;
  network: string;
  countryCode: string;
  amount?: string;
  name?: string;
  email?: string;
  reference?: string;
  attemptKey: string;
}

function failure(err: unknown, context: Record<string, unknown>): PayFailure {
  if (err instanceof AppError) {
    const data = (err.data ?? {}) as Record<string, unknown>;
    if (err.code === "validation_failed") return { ok: false, code: "fields", fields: Object.keys(data) };
    if (err.code === "rate_limited") return { ok: false, code: "rate_limited" };
    if (err.code === "network_unavailable") return { ok: false, code: "unavailable" };
    if (err.code === "conflict" && data.state === "pending") return { ok: false, code: "in_progress", transactionId: String(data.transaction_id ?? "") };
    if ((err.code === "conflict" || err.code === "not_found") && typeof data.state === "string") return { ok: false, code: "closed", state: data.state };
  }
  logger().error({ err, ...context }, "hosted payment failed");
  return { ok: false, code: "generic" };
}

function payer(form: PayForm, address: string, at: string) {
  return {
    phone: String(form.phone ?? "").slice(0, 40),
    network: String(form.network ?? "").slice(0, 50),
    countryCode: String(form.countryCode ?? "").slice(0, 2),
    payerName: form.name?.trim() || null,
    payerEmail: form.email?.trim() || null,
    payerReference: form.reference?.trim() || null,
    attemptKey: String(form.attemptKey ?? ""),
    clientAddress: address,
    origin: at,
  };
}

export async function payLink(slug: string, form: PayForm): Promise<PayOutcome> {
  try {
    const p = payer(form, clientAddress(await headers()), await pageOrigin());
    const result = await startLinkPayment(await getDb(), { ...p, slug: String(slug), amount: form.amount ?? null });
    wakeWorker();
    return { ok: true, ...result };
  } catch (err) {
    return failure(err, { slug });
  }
}

export async function paySession(sessionId: string, form: PayForm): Promise<PayOutcome> {
  try {
    const p = payer(form, clientAddress(await headers()), await pageOrigin());
    const result = await startSessionPayment(await getDb(), { ...p, sessionId: String(sessionId) });
    wakeWorker();
    return { ok: true, ...result };
  } catch (err) {
    return failure(err, { sessionId });
  }
}

export async function finalizePayment(transactionId: string, otp: string): Promise<PayOutcome> {
  try {
    const result = await finalizeHostedPayment(await getDb(), { transactionId: String(transactionId), otp: String(otp) });
    wakeWorker();
    return { ok: true, ...result };
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_failed") return { ok: false, code: "fields", fields: ["otp"] };
    return failure(err, { transactionId });
  }
}

/**
 * The status of a payment made on a hosted page, for the page that waits on the payer's
 * approval; null when the id is not such a payment. No more than the receipt page shows
 * for the same id.
 */
export async function paymentStatus(transactionId: string): Promise<string | null> {
  try {
    return (await findHostedPayment(await getDb(), String(transactionId)))?.t.status ?? null;
  } catch {
    return null;
  }
}

/** D16 prediction for the number as typed for the page's country (national or international); null when no range matches. */
export async function predict(phone: string, countryCode: string): Promise<{ network: string; countryCode: string } | null> {
  try {
    const digits = normalizePhone(String(phone).slice(0, 32), String(countryCode).slice(0, 2));
    if (!digits) return null;
    const p = predictNetwork(`+${digits}`);
    return { network: p.network, countryCode: p.country_code };
  } catch {
    return null;
  }
}

/** What the payer will pay on this network: amount, fee and total as decimal text, or null outside the limits. */
export async function quote(input: { countryCode: string; currency: string; network: string; amount: string }): Promise<{ amount: string; fee: string; total: string } | null> {
  const minor = toMinor(String(input.amount).replace(",", "."));
  if (minor === null || minor <= 0n) return null;
  try {
    const q = await quoteFee(await getDb(), { direction: "payin", countryCode: String(input.countryCode), currency: String(input.currency), network: String(input.network), amount: minor });
    return { amount: String(q.amount), fee: String(q.fee), total: String(q.charged_amount) };
  } catch {
    return null;
  }
}
