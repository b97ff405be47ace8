import crypto from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { linkPayments, merchants, paymentLinks, transactions, type Mode, type PaymentLink } from "../db/schema";
import { errors, fieldError } from "../errors";
import { isStorableTime } from "../calendar";
import { newId } from "../ids";
import { toAmount, toMinor, type Minor } from "../money";
import { recordAudit, type AuditActor } from "../audit/record";
import { amountWithinLimits, countryAndLimits } from "./link-rules";
import type { CreatePaymentLinkBody } from "./payment-links.contract";

/**
 * Payment links (issue 21): the merchant's side (create, list, read, deactivate) and the
 * public page's read by slug. A link is `active` until deactivated, past its expiry
 * (`expired`) or, with max_payments, once that many payments succeeded (`completed`).
 */
export type LinkState = "active" | "inactive" | "expired" | "completed";

export interface LinkStats {
  paymentCount: number;
  successfulCount: number;
  /** Sum of the successful payments' amounts (what the merchant receives). */
  collected: Minor;
  /** Payins started and still pending: they count against max_payments until they end. */
  pendingCount: number;
}

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** 10 characters of a 32-letter alphabet (50 bits): short enough to type, not to guess. */
function newSlug(): string {
  const bytes = crypto.randomBytes(10);
  let out = "";
  for (const b of bytes) out += SLUG_ALPHABET[b & 31];
  return out;
}

export function linkUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/$/, "")}/pay/${slug}`;
}

export function linkState(link: PaymentLink, stats: Pick<LinkStats, "successfulCount">, now = new Date()): LinkState {
  if (!link.active) return "inactive";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  if (link.maxPayments !== null && stats.successfulCount >= link.maxPayments) return "completed";
  return "active";
}

export async function createPaymentLink(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; body: CreatePaymentLinkBody },
): Promise<PaymentLink> {
  const b = input.body;
  const { country, limits } = countryAndLimits(b.country_code, b.currency);
  const minor = (field: string, v: number | null | undefined): Minor | null => {
    if (v === undefined || v === null) return null;
    const m = toMinor(v);
    if (m === null || m <= 0n) throw fieldError(field, `The ${field} field must be a positive amount with at most 2 decimals.`);
    return m;
  };
  let amount = minor("amount", b.amount);
  let min = minor("min_amount", b.min_amount);
  let max = minor("max_amount", b.max_amount);
  if (amount !== null) {
    if (min !== null || max !== null) throw fieldError("amount", "The amount field must be left out when min_amount or max_amount is given.");
    amount = amountWithinLimits("amount", country, limits, amount);
  } else {
    min = amountWithinLimits("min_amount", country, limits, min ?? limits.min);
    max = amountWithinLimits("max_amount", country, limits, max ?? limits.max);
    if (min > max) throw fieldError("max_amount", "The max_amount field must be at least min_amount.");
  }
  const expiresAt = b.expires_at ? new Date(b.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw fieldError("expires_at", "The expires_at field must be a time in the future.");
  // 9999-12-31T23:59:59-05:00 is in year 10000 UTC, which the database cannot store (was a 500).
  if (expiresAt && !isStorableTime(expiresAt.getTime())) throw fieldError("expires_at", "The expires_at field must be a time before the year 10000 (UTC).");

  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(paymentLinks)
        .values({
          id: newId("paymentLink"),
          merchantId: input.merchantId,
          mode: input.mode,
          slug: newSlug(),
          title: b.title,
          description: b.description ?? null,
          countryCode: country.code,
          currency: limits.currency,
          amount,
          minAmount: min,
          maxAmount: max,
          collectFields: [...new Set(b.collect_fields ?? [])],
          maxPayments: b.max_payments ?? null,
          expiresAt,
        })
        .returning();
      return row;
    } catch (err) {
      // A slug already taken (1 in 2^50 per pair): draw another.
      if (attempt < 3 && String((err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === "23505") continue;
      throw err;
    }
  }
}

export async function findPaymentLink(db: DbOrTx, input: { merchantId: string; mode: Mode; id: string }): Promise<PaymentLink> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, input.id), eq(paymentLinks.merchantId, input.merchantId), eq(paymentLinks.mode, input.mode)))
    .limit(1);
  if (!row) throw errors.notFound("Payment link not found");
  return row;
}

/** Counts and totals of the links' payments, in one query. */
export async function linkStats(db: DbOrTx, linkIds: string[]): Promise<Map<string, LinkStats>> {
  const out = new Map<string, LinkStats>();
  for (const id of linkIds) out.set(id, { paymentCount: 0, successfulCount: 0, collected: 0n, pendingCount: 0 });
  if (!linkIds.length) return out;
  const rows = await db
    .select({
      linkId: linkPayments.paymentLinkId,
      count: sql<number>`count(*)::int`,
      successful: sql<number>`count(*) filter (where ${transactions.status} = 'successful')::int`,
      pending: sql<number>`count(*) filter (where ${transactions.status} = 'pending')::int`,
      collected: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.status} = 'successful'), 0)::text`,
    })
    .from(linkPayments)
    .innerJoin(transactions, eq(transactions.id, linkPayments.transactionId))
    .where(inArray(linkPayments.paymentLinkId, linkIds))
    .groupBy(linkPayments.paymentLinkId);
  for (const r of rows) {
    if (r.linkId) out.set(r.linkId, { paymentCount: r.count, successfulCount: r.successful, pendingCount: r.pending, collected: BigInt(r.collected) });
  }
  return out;
}

export async function listPaymentLinks(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; limit: number; startingAfter?: string | null },
): Promise<Array<{ link: PaymentLink; stats: LinkStats }>> {
  const where = [eq(paymentLinks.merchantId, input.merchantId), eq(paymentLinks.mode, input.mode)];
  if (input.startingAfter) where.push(lt(paymentLinks.id, input.startingAfter));
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(and(...where))
    .orderBy(desc(paymentLinks.id))
    .limit(input.limit);
  const stats = await linkStats(db, rows.map((r) => r.id));
  return rows.map((link) => ({ link, stats: stats.get(link.id)! }));
}

/** Deactivates a link (idempotent): its page then says so and takes no payment. Audited. */
export async function deactivatePaymentLink(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; id: string; actor: AuditActor },
): Promise<PaymentLink> {
  return db.transaction(async (tx) => {
    const link = await findPaymentLink(tx, input);
    if (!link.active) return link;
    const now = new Date();
    const [row] = await tx.update(paymentLinks).set({ active: false, deactivatedAt: now, updatedAt: now }).where(eq(paymentLinks.id, link.id)).returning();
    await recordAudit(tx, {
      merchantId: input.merchantId,
      mode: input.mode,
      actor: input.actor,
      action: "payment_link.deactivated",
      target: { type: "payment_link", id: link.id },
      before: { active: true },
      after: { active: false },
    });
    return row;
  });
}

/** The public page's read: the link by its slug with its merchant's name, or null. */
export async function findLinkBySlug(db: DbOrTx, slug: string): Promise<{ link: PaymentLink; merchantName: string; stats: LinkStats } | null> {
  if (!/^[a-z0-9]{6,32}$/.test(slug)) return null;
  const [row] = await db
    .select({ link: paymentLinks, merchantName: merchants.name })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(eq(paymentLinks.slug, slug))
    .limit(1);
  if (!row) return null;
  const stats = (await linkStats(db, [row.link.id])).get(row.link.id)!;
  return { ...row, stats };
}

/** The API's view (2.x conventions: snake_case, major units). */
export function paymentLinkView(link: PaymentLink, stats: LinkStats, origin: string) {
  const amountOrNull = (m: Minor | null) => (m === null ? null : toAmount(m));
  return {
    id: link.id,
    url: linkUrl(origin, link.slug),
    slug: link.slug,
    status: linkState(link, stats),
    title: link.title,
    description: link.description,
    country_code: link.countryCode,
    currency: link.currency,
    amount: amountOrNull(link.amount),
    min_amount: amountOrNull(link.minAmount),
    max_amount: amountOrNull(link.maxAmount),
    collect_fields: link.collectFields as Array<"name" | "email" | "reference">,
    max_payments: link.maxPayments,
    expires_at: link.expiresAt?.toISOString() ?? null,
    payment_count: stats.paymentCount,
    successful_count: stats.successfulCount,
    total_collected: toAmount(stats.collected),
    created_at: link.createdAt.toISOString(),
    deactivated_at: link.deactivatedAt?.toISOString() ?? null,
  };
}
export type PaymentLinkView = ReturnType<typeof paymentLinkView>;
