import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { z } from "../zod";
import type { DbOrTx } from "../db/client";
import { ledgerEntries, settlements, transactions, type LedgerKind, type Mode } from "../db/schema";
import { toAmount, type Minor } from "../money";
import { coveredCurrencies } from "../catalog/coverage";
import { DAY_MS, dayStart, endOfInclusive, isCalendarDay } from "../calendar";

/**
 * Statements (D16): the merchant's available balance for one currency and mode over a
 * period of whole UTC days. The opening balance is the sum of every `available` ledger
 * leg before the period; each movement is one `available` leg inside it; the closing
 * balance is the opening plus the movements, so opening + movements = closing holds by
 * construction (and equals the sum of every leg before the period's end, which the
 * tests check independently). `available` is the balance the merchant reads and
 * payouts draw from: a payout is debited (amount + fee) when it is created and given
 * back by a `payout_reversal` movement if it fails.
 */
export const STATEMENT_MAX_DAYS = 92;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not), in years 0001-9999. */
const isoDate = z.string().refine(isCalendarDay, {
  message: "must be a date in the format YYYY-MM-DD.",
});

/** currency, from and to: the period part of the query, shared by the API and the dashboard. */
export const statementPeriod = z.object({
  currency: z
    .string()
    .min(1)
    .max(3)
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(coveredCurrencies as [string, ...string[]]))
    .describe("3-letter ISO code of one of the covered currencies."),
  from: isoDate.describe("First day of the period (UTC), YYYY-MM-DD."),
  to: isoDate.describe(`Last day of the period (UTC), YYYY-MM-DD, included. At most ${STATEMENT_MAX_DAYS} days after from, counting both.`),
});

/** to on or after from, at most 92 days in all, and a period whose end (the day after to) can be stored. */
export function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
  const days = periodDays(q.from, q.to);
  if (!endOfInclusive(q.to, dayStart(q.to))) ctx.addIssue({ code: "custom", path: ["to"], message: "The to field must be a date before 9999-12-31." });
  else if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "The to field must be a date after or equal to from." });
  else if (days > STATEMENT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `The period must not be longer than ${STATEMENT_MAX_DAYS} days.` });
}

export const statementQuery = statementPeriod
  .extend({ format: z.enum(["json", "csv"]).default("json").describe("`csv` answers text/csv (a file) instead of the JSON envelope.") })
  .superRefine(checkPeriod);

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
}

/**
 * What a movement is, from the merchant's side. Reserve/release postings are named
 * after the transaction they belong to (payout, refund): a release gives back what
 * the reserve took when the transaction failed or was cancelled.
 */
export type MovementType = "payin" | "payout" | "payout_reversal" | "refund" | "refund_reversal" | "credit" | "settlement" | "settlement_reversal" | string;

export interface StatementMovement {
  time: Date;
  entryId: string;
  transactionId: string | null;
  orderId: string | null;
  type: MovementType;
  /** Signed change of the available balance (+ credit, - debit), fee included. */
  amount: Minor;
  /** The part of `amount` that is a fee paid from the balance (same sign as amount). */
  fee: Minor;
  balanceAfter: Minor;
  description: string | null;
}

export interface Statement {
  currency: string;
  mode: Mode;
  from: string;
  to: string;
  periodStart: Date;
  periodEnd: Date;
  opening: Minor;
  closing: Minor;
  totalCredits: Minor;
  totalDebits: Minor;
  movements: StatementMovement[];
}

export interface StatementInput {
  merchantId: string;
  mode: Mode;
  currency: string;
  /** YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
}

function movementType(kind: LedgerKind | string, txType: string | null): MovementType {
  switch (kind) {
    case "operator_credit":
      return "credit";
    case "payin_settle":
      return "payin";
    case "payout_reserve":
      return txType === "refund" ? "refund" : "payout";
    case "payout_release":
      return txType === "refund" ? "refund_reversal" : "payout_reversal";
    // Settlements to the bank (issue 21): debited when requested, given back when rejected.
    case "settlement_reserve":
      return "settlement";
    case "settlement_release":
      return "settlement_reversal";
    default:
      // A posting kind added later still shows, named after itself.
      return kind;
  }
}

/** The fee inside a movement: a payout's or refund's debit (and its reversal) carries its fee; a payin's fee is paid by the customer on top. */
function feeOf(kind: string, amount: Minor, txFee: Minor | null): Minor {
  if (txFee === null || txFee === 0n) return 0n;
  if (kind === "payout_reserve" || kind === "payout_release" || kind === "settlement_reserve" || kind === "settlement_release") return amount < 0n ? -txFee : txFee;
  return 0n;
}

export async function getStatement(db: DbOrTx, input: StatementInput): Promise<Statement> {
  const currency = input.currency.toUpperCase();
  const periodStart = dayStart(input.from);
  const periodEnd = new Date(dayStart(input.to).getTime() + DAY_MS);
  const scope = and(
    eq(ledgerEntries.merchantId, input.merchantId),
    eq(ledgerEntries.mode, input.mode),
    eq(ledgerEntries.currency, currency),
    eq(ledgerEntries.account, "available"),
  );

  const [openingRow] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(scope, lt(ledgerEntries.createdAt, periodStart)));
  const opening = BigInt(openingRow?.total ?? "0");

  const rows = await db
    .select({
      id: ledgerEntries.id,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      transactionId: ledgerEntries.transactionId,
      reference: ledgerEntries.reference,
      description: ledgerEntries.description,
      txType: transactions.type,
      orderId: transactions.orderId,
      txFee: transactions.fee,
      settlementFee: settlements.fee,
    })
    .from(ledgerEntries)
    .leftJoin(transactions, and(eq(transactions.id, ledgerEntries.transactionId), eq(transactions.merchantId, ledgerEntries.merchantId)))
    .leftJoin(settlements, and(eq(settlements.id, ledgerEntries.transactionId), eq(settlements.merchantId, ledgerEntries.merchantId)))
    .where(and(scope, gte(ledgerEntries.createdAt, periodStart), lt(ledgerEntries.createdAt, periodEnd)))
    // Ids are monotonic ULIDs: within one timestamp they keep the posting order.
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));

  let balance = opening;
  let totalCredits = 0n;
  let totalDebits = 0n;
  const movements = rows.map((r): StatementMovement => {
    balance += r.amount;
    if (r.amount > 0n) totalCredits += r.amount;
    else totalDebits += r.amount;
    return {
      time: r.createdAt,
      entryId: r.id,
      transactionId: r.transactionId,
      orderId: r.orderId ?? null,
      type: movementType(r.kind, r.txType ?? null),
      amount: r.amount,
      fee: feeOf(r.kind, r.amount, r.txFee ?? r.settlementFee ?? null),
      balanceAfter: balance,
      description: r.description ?? r.reference ?? null,
    };
  });

  return {
    currency,
    mode: input.mode,
    from: input.from,
    to: input.to,
    periodStart,
    periodEnd,
    opening,
    closing: opening + totalCredits + totalDebits,
    totalCredits,
    totalDebits,
    movements,
  };
}

/** The balance at the end of each day of the period (for the dashboard's chart). */
export function dailyBalances(s: Statement): Array<{ date: string; balance: Minor }> {
  const out: Array<{ date: string; balance: Minor }> = [];
  let i = 0;
  let balance = s.opening;
  for (let day = s.periodStart.getTime(); day < s.periodEnd.getTime(); day += DAY_MS) {
    const end = day + DAY_MS;
    while (i < s.movements.length && s.movements[i].time.getTime() < end) balance = s.movements[i++].balanceAfter;
    out.push({ date: new Date(day).toISOString().slice(0, 10), balance });
  }
  return out;
}

/** The API's JSON view (major units, as every amount of the API). */
export function statementView(s: Statement) {
  return {
    currency: s.currency,
    mode: s.mode,
    from: s.from,
    to: s.to,
    period_start: s.periodStart.toISOString(),
    period_end: s.periodEnd.toISOString(),
    opening_balance: toAmount(s.opening),
    closing_balance: toAmount(s.closing),
    total_credits: toAmount(s.totalCredits),
    total_debits: toAmount(s.totalDebits),
    movement_count: s.movements.length,
    movements: s.movements.map((m) => ({
      time: m.time.toISOString(),
      entry_id: m.entryId,
      transaction_id: m.transactionId,
      order_id: m.orderId,
      type: m.type,
      amount: toAmount(m.amount),
      fee: toAmount(m.fee),
      balance_after: toAmount(m.balanceAfter),
      description: m.description,
    })),
  };
}
