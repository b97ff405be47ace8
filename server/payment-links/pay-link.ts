import type { Database } from "../db/client";
import { AppError, errors, fieldError } from "../errors";
import { toAmount, toMinor } from "../money";
import { findLinkBySlug, linkState } from "./links";
import { hostedPayLimits, startHostedPayin, throttleHostedPay, type HostedPayResult, type PayerInput } from "./hosted-pay";

/** A link that takes no payment: the page says which (`inactive`, `expired`, `completed`). */
export class LinkClosed extends AppError {
  constructor(readonly state: string) {
    super("conflict", `Payment link is ${state}`, { state });
  }
}

/**
 * A payer pays a link (/pay/{slug}). Checks, in order: the link exists and takes payments
 * (active, not expired, max_payments not reached counting the pending ones), the abuse
 * limits, the fields the link collects, the amount (fixed, or the payer's within the
 * link's bounds); then an ordinary payin (hosted-pay.ts).
 */
export async function startLinkPayment(db: Database, input: PayerInput & { slug: string; amount?: string | null }): Promise<HostedPayResult> {
  const found = await findLinkBySlug(db, input.slug);
  if (!found) throw errors.notFound("Payment link not found");
  const { link, stats } = found;
  const state = linkState(link, stats);
  if (state !== "active") throw new LinkClosed(state);
  if (link.maxPayments !== null && stats.successfulCount + stats.pendingCount >= link.maxPayments) throw new LinkClosed("completed");

  await throttleHostedPay({ spec: hostedPayLimits.perLink, key: link.id }, input.clientAddress);

  const collect = new Set(link.collectFields);
  const fields: Record<string, string[]> = {};
  if (collect.has("name") && !input.payerName?.trim()) fields.name = ["Enter your name."];
  if (collect.has("email") && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.payerEmail?.trim() ?? "")) fields.email = ["Enter a valid email address."];
  if (collect.has("reference") && !input.payerReference?.trim()) fields.reference = ["Enter the reference."];
  for (const [k, v] of [["payerName", input.payerName], ["payerEmail", input.payerEmail], ["payerReference", input.payerReference]] as const) {
    if (v && v.length > 200) fields[k.replace("payer", "").toLowerCase()] = ["At most 200 characters."];
  }
  if (Object.keys(fields).length) throw errors.validation(fields);

  let amount = link.amount;
  if (amount === null) {
    const typed = toMinor((input.amount ?? "").replace(/[\s\u00a0\u202f]/g, "").replace(",", "."));
    if (typed === null || typed <= 0n) throw fieldError("amount", "Enter an amount.");
    if ((link.minAmount !== null && typed < link.minAmount) || (link.maxAmount !== null && typed > link.maxAmount)) {
      throw fieldError("amount", `The amount must be between ${toAmount(link.minAmount ?? 0n)} and ${toAmount(link.maxAmount ?? 0n)} ${link.currency}.`);
    }
    amount = typed;
  }

  return startHostedPayin(db, {
    ...input,
    countryCode: link.countryCode,
    merchantId: link.merchantId,
    mode: link.mode,
    amount,
    currency: link.currency,
    orderId: input.payerReference?.trim() || link.id,
    callbackUrl: null,
    returnUrl: `${input.origin.replace(/\/$/, "")}/pay/receipt`,
    tag: { paymentLinkId: link.id },
  });
}
