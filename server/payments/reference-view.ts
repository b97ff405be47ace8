import { and, eq } from "drizzle-orm";
import { findCountry, findNetwork } from "../catalog/coverage";
import type { DbOrTx } from "../db/client";
import { memberships, merchants, users, type Mode, type Transaction } from "../db/schema";
import { toAmount } from "../money";
import { withPlus } from "../catalog/phone";
import { getTransactionByReference } from "./get-transaction";
import type { z } from "../zod";
import type { transactionReferenceSchema } from "./reference-view.contract";

/**
 * The remittance-style shape of interface 2.5, mapped per D11: amounts in hundredths as
 * decimal text plus `human_readable_*` numbers, status `success|pending|failed|cancelled`,
 * type `debit` (payout) / `credit` (payin), rate 1, delivery by mobile money, the
 * recipient from the beneficiary (payout) or the merchant (payin), and the network
 * operator as the agent.
 */
/** Derived from the contract's response schema (server/payments/reference-view.contract.ts), so the two cannot drift. */
export type TransactionReferenceView = z.output<typeof transactionReferenceSchema>;

/** "Awa Marie Diop" -> first Awa, middle Marie, last Diop; one word -> first only. */
export function splitName(full: string): { first: string; middle: string | null; last: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: "", middle: null, last: "" };
  if (parts.length === 1) return { first: parts[0], middle: null, last: "" };
  return { first: parts[0], middle: parts.length > 2 ? parts.slice(1, -1).join(" ") : null, last: parts[parts.length - 1] };
}

/** ISO 8601 with microseconds, as the 2.5 example shows: 2026-01-01T10:00:00.123000Z. */
export function microsecondTimestamp(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

const STATUS = { successful: "success", pending: "pending", failed: "failed", cancelled: "cancelled" } as const;

export function transactionReferenceView(t: Transaction, merchant: { name: string; email: string }): TransactionReferenceView {
  const country = findCountry(t.countryCode);
  const network = country ? findNetwork(country, t.network) : undefined;
  const networkName = network?.name ?? t.network;
  // A refund leaves the wallet like a payout: `debit`, to the payin's customer (D16).
  const isPayout = t.type !== "payin";
  const isRefund = t.type === "refund";
  const recipient = isPayout ? splitName(t.beneficiary ?? "") : { first: merchant.name, middle: null, last: "" };
  const orderPart = t.orderId ? ` for order ${t.orderId}` : "";
  return {
    id: t.id,
    amount: t.amount.toString(),
    human_readable_amount: toAmount(t.amount),
    charge: t.fee.toString(),
    human_readable_charge: toAmount(t.fee),
    status: STATUS[t.status],
    decline_reason: t.status === "failed" || t.status === "cancelled" ? (t.failureReason ?? null) : null,
    mode: t.mode,
    type: isPayout ? "debit" : "credit",
    description: isRefund
      ? `Refund of ${t.refundOf}${orderPart} to ${withPlus(t.phoneNumber)} via ${networkName}`
      : isPayout
      ? `Mobile money payout${orderPart} to ${t.beneficiary ?? withPlus(t.phoneNumber)} via ${networkName}`
      : `Mobile money payin${orderPart} from ${withPlus(t.phoneNumber)} via ${networkName}`,
    created_at: microsecondTimestamp(t.createdAt),
    recipient_first_name: recipient.first,
    recipient_middle_name: recipient.middle,
    recipient_last_name: recipient.last,
    recipient_country: t.countryCode,
    recipient_email: isPayout ? "" : merchant.email,
    recipient_phone: isPayout ? withPlus(t.phoneNumber) : null,
    recipient_amount: t.amount.toString(),
    human_readable_recipient_amount: toAmount(t.amount),
    recipient_currency: t.currency,
    rate: 1,
    transfer_purpose: isRefund ? "Refund" : isPayout ? "Merchant payout" : "Merchant collection",
    delivery_method: "mobile_money",
    agent: {
      id: `${t.network}-${t.countryCode.toLowerCase()}`,
      business_name: networkName,
      first_name: networkName,
      last_name: "",
      email: "",
      phone: "",
      address: country?.name ?? t.countryCode,
      image: "",
    },
  };
}

/** The merchant's name and owner's email: the recipient of its payins in 2.5. */
export async function merchantContact(db: DbOrTx, merchantId: string): Promise<{ name: string; email: string }> {
  const [merchant] = await db
    .select({ name: merchants.name, email: users.email })
    .from(merchants)
    .leftJoin(memberships, and(eq(memberships.merchantId, merchants.id), eq(memberships.role, "owner")))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return { name: merchant?.name ?? "", email: merchant?.email ?? "" };
}

/** GET /api/v1/transactions/{reference}. */
export async function readTransactionByReference(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; reference: string },
): Promise<TransactionReferenceView> {
  const t = await getTransactionByReference(db, input);
  return transactionReferenceView(t, await merchantContact(db, t.merchantId));
}
