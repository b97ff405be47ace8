import { eq } from "drizzle-orm";
import { findCountry, findNetwork } from "../catalog/coverage";
import type { Database } from "../db/client";
import { merchants, transactions, type Mode, type Transaction } from "../db/schema";
import { AppError, errors } from "../errors";
import { toDecimalString } from "../money";
import { sandboxConnector } from "../connectors/sandbox";
import { findTransaction, type TransactionRef } from "./get-transaction";
import { applyOutcome } from "./transitions";

/**
 * The hosted checkout page (/checkout/{id}) of payins whose network sends the customer
 * to a page (wave, D7). The customer has no API key: the page finds the payin by its
 * id alone, and only payins that carry a redirect_url have a checkout.
 */
export interface CheckoutView {
  id: string;
  merchantId: string;
  merchantName: string;
  mode: Mode;
  status: Transaction["status"];
  /** Decimal text, e.g. "1005" or "100.5": the amount, the fee and what the customer pays (charged_amount). */
  amount: string;
  fee: string;
  total: string;
  currency: string;
  networkName: string;
  countryName: string;
  /** +225 07 ** ** 12 34 style, never the full number. */
  maskedPhone: string;
  orderId: string | null;
  /** Where the customer goes afterwards, with transaction_id and status appended; null when none. */
  returnUrl: string | null;
  expiresAt: string | null;
}

export function maskPhone(digits: string): string {
  if (digits.length <= 6) return `+${digits}`;
  return `+${digits.slice(0, 5)}${"•".repeat(digits.length - 9)}${digits.slice(-4)}`;
}

/** The merchant's return_url with the outcome appended (what Stripe does with redirect_status). */
export function returnUrlWithOutcome(t: Pick<Transaction, "id" | "status" | "returnUrl">): string | null {
  if (!t.returnUrl) return null;
  try {
    const url = new URL(t.returnUrl);
    url.searchParams.set("transaction_id", t.id);
    url.searchParams.set("status", t.status);
    return url.toString();
  } catch {
    return null;
  }
}

export async function getCheckoutView(db: Database, id: string): Promise<CheckoutView | null> {
  if (!/^pi_[0-9A-Z]{26}$/.test(id)) return null;
  const [row] = await db
    .select({ t: transactions, merchantName: merchants.name })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(eq(transactions.id, id))
    .limit(1);
  if (!row || row.t.type !== "payin" || !row.t.redirectUrl) return null;
  const t = row.t;
  const country = findCountry(t.countryCode);
  return {
    id: t.id,
    merchantId: t.merchantId,
    merchantName: row.merchantName,
    mode: t.mode,
    status: t.status,
    amount: toDecimalString(t.amount),
    fee: toDecimalString(t.fee),
    total: toDecimalString(t.chargedAmount),
    currency: t.currency,
    networkName: (country && findNetwork(country, t.network)?.name) ?? t.network,
    countryName: country?.name ?? t.countryCode,
    maskedPhone: maskPhone(t.phoneNumber),
    orderId: t.orderId,
    returnUrl: returnUrlWithOutcome(t),
    expiresAt: t.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Test mode only: the customer's decision on a sandbox payin, applied at once (checkout
 * Approve / Decline buttons, dashboard tools). Approve gives the D9 outcome of the phone
 * number (0001 failed, 0002 cancelled, 0003 stays pending until expiry, else
 * successful); Decline cancels. A payin already decided is returned as it is.
 */
export async function simulateSandboxOutcome(
  db: Database,
  input: TransactionRef & { outcome: "approve" | "decline" },
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const t = await findTransaction(tx, input, { forUpdate: true });
    if (!t) throw errors.transactionNotFound();
    if (t.mode !== "test" || t.connector !== sandboxConnector.name) {
      throw new AppError("conflict", "Sandbox outcomes are only available in test mode");
    }
    if (t.type !== "payin") throw new AppError("conflict", "Only payins wait for a customer decision");
    if (t.status !== "pending") return t;
    const now = new Date();
    const plan = sandboxConnector.customerDecision(t, input.outcome, now);
    if (!plan.pendingOutcome) return t;
    return (await applyOutcome(tx, { transaction: t, outcome: plan.pendingOutcome, reason: plan.outcomeReason, now })) ?? t;
  });
}
