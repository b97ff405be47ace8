import { sql, type SQL } from "drizzle-orm";
import { TRANSACTION_STATUSES } from "../vocabulary";

/**
 * The event types of issue 23 and the patterns a webhook endpoint subscribes with.
 * Types: `transaction.payin.<status>`, `transaction.payout.<status>`, `refund.<status>`,
 * `settlement.<name>` (issue 21's settlements, written to the same outbox with a
 * `settlement…` type) and `test`. A pattern is `*` (everything), a family (`transaction`,
 * `transaction.payin`, `refund`, `settlement`: every type below it; `transaction.payin.*`
 * is accepted and stored as `transaction.payin`) or an exact type.
 */
export const WEBHOOK_EVENT_FAMILIES = ["transaction", "transaction.payin", "transaction.payout", "refund", "settlement"] as const;

export const WEBHOOK_EVENT_TYPES: readonly string[] = [
  ...TRANSACTION_STATUSES.map((s) => `transaction.payin.${s}`),
  ...TRANSACTION_STATUSES.map((s) => `transaction.payout.${s}`),
  ...TRANSACTION_STATUSES.map((s) => `refund.${s}`),
  "test",
];

/** Every pattern the API and the dashboard accept (exact settlement types are free-form). */
export const WEBHOOK_EVENT_PATTERNS: readonly string[] = ["*", ...WEBHOOK_EVENT_FAMILIES, ...WEBHOOK_EVENT_TYPES];

const SETTLEMENT_TYPE = /^settlement\.[a-z][a-z0-9_]{0,39}$/;

/** The pattern as stored (`x.*` → `x`), or null when it names nothing we send. */
export function normalizePattern(raw: string): string | null {
  const p = raw.trim().toLowerCase().replace(/\.\*$/, "");
  if (WEBHOOK_EVENT_PATTERNS.includes(p) || SETTLEMENT_TYPE.test(p)) return p;
  return null;
}

export function patternMatches(pattern: string, type: string): boolean {
  return pattern === "*" || pattern === type || type.startsWith(`${pattern}.`);
}

export function subscribes(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => patternMatches(p, type));
}

/** The type of a transaction's event: `transaction.payin.successful`, `refund.failed`. */
export function transactionEventType(transactionType: string, status: string): string {
  return transactionType === "refund" ? `refund.${status}` : `transaction.${transactionType}.${status}`;
}

/**
 * SQL for an outbox row's type: its `type` column, else (rows written before it, and the
 * hot paths that leave it null) derived from its kind and its transaction.
 */
export function eventTypeSql(event: string, transaction: string): SQL {
  return sql.raw(
    `coalesce(${event}.type, case when ${event}.kind = 'test' then 'test' when ${transaction}.type = 'refund' then 'refund.' || ${event}.status ` +
      `when ${transaction}.type is not null then 'transaction.' || ${transaction}.type || '.' || ${event}.status else 'test' end)`,
  );
}

/** SQL: does an endpoint's `event_types` array take this type. */
export function subscribesSql(patterns: string, type: SQL): SQL {
  return sql`exists (select 1 from unnest(${sql.raw(patterns)}) as p(v) where p.v = '*' or p.v = ${type} or left(${type}, length(p.v) + 1) = p.v || '.')`;
}
