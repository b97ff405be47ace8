import { and, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { transactions } from "../db/schema";
import { coverage } from "../catalog/coverage";
import { syncBreakers } from "../connectors/health";
import { routeStates, type PairDirectionState } from "../connectors/routes";

/**
 * THE one place the status page learns the networks' health (issue 25). Everything else in
 * server/status reads `currentAvailability`.
 *
 * Sources, per country, network and direction:
 *  - the routes (D19, connectors/routes.ts `routeStates`): the configured ones and their
 *    breakers, shared by the fleet: every configured route's breaker open → down; a route
 *    open or half-open while another takes the traffic (failover) → degraded;
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

function judge(routes: PairDirectionState | undefined, recent: Recent | undefined): { live: boolean; state: Availability; reason: string } {
  const configured = routes?.routes.filter((r) => r.configured) ?? [];
  const live = configured.length > 0;
  if (live && routes!.current === null) return { live, state: "down", reason: "breaker_open" };
  if (configured.some((r) => r.breaker === "half_open")) return { live, state: "degraded", reason: "breaker_half_open" };
  if (configured.some((r) => r.breaker === "open")) return { live, state: "degraded", reason: "failover" };
  if (recent && recent.finished >= MIN_SAMPLES && recent.operatorFailed / recent.finished >= FAILURE_DEGRADED) return { live, state: "degraded", reason: "operator_failures" };
  if (recent && recent.overdue > 0) return { live, state: "degraded", reason: "overdue" };
  return { live, state: "up", reason: "ok" };
}

/** Every catalogue pair and direction, as the routes stand now. */
export async function currentAvailability(db: DbOrTx, now = new Date()): Promise<PairAvailability[]> {
  const recent = await recentOutcomes(db, now);
  // The fleet's breakers, not only this process's copy (D19).
  await syncBreakers();
  const routes = new Map(routeStates().map((r) => [`${r.country}:${r.network}:${r.direction}`, r]));
  const out: PairAvailability[] = [];
  for (const country of coverage) {
    for (const n of country.networks) {
      for (const direction of DIRECTIONS) {
        const key = `${country.code}:${n.id}:${direction}`;
        const { live, state, reason } = judge(routes.get(key), recent.get(key));
        out.push({ countryCode: country.code, network: n.id, direction, state, live, reason });
      }
    }
  }
  return out;
}
