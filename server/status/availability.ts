import { and, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { transactions } from "../db/schema";
import { coverage } from "../catalog/coverage";
import { breakerState, healthKey } from "../connectors/health";
import { liveAvailability } from "../connectors/registry";

/**
 * THE one place the status page learns the networks' health (issue 25). Everything else in
 * server/status reads `currentAvailability`; when routes (issue 20) exist, this module is
 * re-pointed at their per pair and direction state, and nothing else changes.
 *
 * Today's sources, per country, network and direction:
 *  - the live route: configured (D15 variables) and its circuit breaker (connectors/health.ts,
 *    this process's view): open → down, half-open → degraded;
 *  - recent outcomes: live transactions finished in the last WINDOW_MINUTES whose failure
 *    carried an operator error (not a customer's decline): at least MIN_SAMPLES and a
 *    FAILURE_DEGRADED share → degraded; pending past their expiry → degraded.
 * A pair without a live route is served by the sandbox (test mode) only: `live` false,
 * shown as up unless an incident says otherwise (incidents are applied in overview.ts).
 */
export type Availability = "up" | "degraded" | "down";
export type Direction = "payin" | "payout";
export const DIRECTIONS: readonly Direction[] = ["payin", "payout"];
export const SEVERITY: Record<Availability, number> = { up: 0, degraded: 1, down: 2 };
export const BY_SEVERITY: readonly Availability[] = ["up", "degraded", "down"];

export interface PairAvailability {
  countryCode: string;
  network: string;
  direction: Direction;
  state: Availability;
  /** A live operator route is configured for this pair and direction. */
  live: boolean;
  /** Why, in a few words (for operators: breaker_open, operator_failures, overdue, ok). */
  reason: string;
}

const WINDOW_MINUTES = 15;
const MIN_SAMPLES = 5;
const FAILURE_DEGRADED = 0.3;

interface Recent {
  finished: number;
  operatorFailed: number;
  overdue: number;
}

async function recentOutcomes(db: DbOrTx, now: Date): Promise<Map<string, Recent>> {
  const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  const rows = await db
    .select({
      country: transactions.countryCode,
      network: transactions.network,
      type: transactions.type,
      finished: sql<number>`count(*) filter (where ${transactions.status} <> 'pending')::int`,
      operatorFailed: sql<number>`count(*) filter (where ${transactions.status} = 'failed' and ${transactions.lastOperatorError} is not null)::int`,
      overdue: sql<number>`count(*) filter (where ${transactions.status} = 'pending' and ${transactions.expiresAt} < ${now.toISOString()}::timestamptz)::int`,
    })
    .from(transactions)
    .where(and(sql`${transactions.mode} = 'live'`, gte(transactions.updatedAt, since)))
    .groupBy(transactions.countryCode, transactions.network, transactions.type);
  const out = new Map<string, Recent>();
  for (const r of rows) out.set(`${r.country}:${r.network}:${r.type}`, { finished: Number(r.finished), operatorFailed: Number(r.operatorFailed), overdue: Number(r.overdue) });
  return out;
}

function judge(live: boolean, breaker: ReturnType<typeof breakerState>, recent: Recent | undefined): { state: Availability; reason: string } {
  if (live && breaker === "open") return { state: "down", reason: "breaker_open" };
  if (live && breaker === "half_open") return { state: "degraded", reason: "breaker_half_open" };
  if (recent && recent.finished >= MIN_SAMPLES && recent.operatorFailed / recent.finished >= FAILURE_DEGRADED) return { state: "degraded", reason: "operator_failures" };
  if (recent && recent.overdue > 0) return { state: "degraded", reason: "overdue" };
  return { state: "up", reason: "ok" };
}

/** Every catalogue pair and direction, as the routes stand now. */
export async function currentAvailability(db: DbOrTx, now = new Date()): Promise<PairAvailability[]> {
  const recent = await recentOutcomes(db, now);
  const out: PairAvailability[] = [];
  for (const country of coverage) {
    for (const n of country.networks) {
      const configured = liveAvailability(country.code, n.id);
      const breaker = breakerState(healthKey(n.id, country.code), now.getTime());
      for (const direction of DIRECTIONS) {
        // liveAvailability says false both when unconfigured and while the breaker is open (only live routes have one).
        const live = configured[direction] || configured.breakerOpen;
        const { state, reason } = judge(live, breaker, recent.get(`${country.code}:${n.id}:${direction}`));
        out.push({ countryCode: country.code, network: n.id, direction, state, live, reason });
      }
    }
  }
  return out;
}
