import { eq } from "drizzle-orm";
import type { TransactionStatus } from "../vocabulary";
import type { DbOrTx } from "../db/client";
import { paymentLinks } from "../db/schema";
import { findCountry, findNetwork } from "../catalog/coverage";
import { toDecimalString } from "../money";
import { maskPhone } from "../payments/checkout";
import { findHostedPayment } from "./hosted-pay";
import { findSessionForPage, sessionReturnUrl } from "./checkout-sessions";

/**
 * The payer's receipt and live status page (/pay/receipt?transaction_id=…) of a payment
 * made on a hosted page. Public by payin id (80 random bits), and only for payins tagged
 * as hosted payments; the phone number is masked.
 */
export interface HostedReceipt {
  transactionId: string;
  status: TransactionStatus;
  mode: "test" | "live";
  merchantName: string;
  title: string | null;
  amount: string;
  fee: string;
  total: string;
  currency: string;
  networkName: string;
  maskedPhone: string;
  reference: string | null;
  payerName: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Link payments: the link's page, to try again. */
  linkSlug: string | null;
  /** Session payments: back to the merchant (return_url with session_id and status). */
  returnUrl: string | null;
  /** Session payments: the session page, to try again after a failure. */
  sessionId: string | null;
}

export async function hostedReceipt(db: DbOrTx, transactionId: string): Promise<HostedReceipt | null> {
  const found = await findHostedPayment(db, transactionId);
  if (!found) return null;
  const { t, tag } = found;
  let title: string | null = null;
  let linkSlug: string | null = null;
  let returnUrl: string | null = null;
  if (tag.paymentLinkId) {
    const [link] = await db.select({ title: paymentLinks.title, slug: paymentLinks.slug }).from(paymentLinks).where(eq(paymentLinks.id, tag.paymentLinkId)).limit(1);
    title = link?.title ?? null;
    linkSlug = link?.slug ?? null;
  }
  if (tag.checkoutSessionId) {
    const session = await findSessionForPage(db, tag.checkoutSessionId);
    if (session) {
      title = session.session.description;
      // Back to the shop once this payment has an outcome (a failed one: the shop's page can offer another way).
      if (t.status !== "pending") returnUrl = sessionReturnUrl(session.session, session.status);
    }
  }
  const country = findCountry(t.countryCode);
  return {
    transactionId: t.id,
    status: t.status,
    mode: t.mode,
    merchantName: found.merchantName,
    title,
    amount: toDecimalString(t.amount),
    fee: toDecimalString(t.fee),
    total: toDecimalString(t.chargedAmount),
    currency: t.currency,
    networkName: (country && findNetwork(country, t.network)?.name) ?? t.network,
    maskedPhone: maskPhone(t.phoneNumber),
    // What the payer typed on a link; a session's order reference; never a link's own id.
    reference: tag.payerReference ?? (tag.checkoutSessionId ? t.orderId : null),
    payerName: tag.payerName,
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    linkSlug,
    returnUrl,
    sessionId: tag.checkoutSessionId,
  };
}
