import { env } from "../env";
import { pairKey, reaches, type Direction, type OperatorDescriptor } from "./descriptor";
import { breakerAllows, healthKey, healthOf, type BreakerState, type OperatorErrorNote } from "./health";
import { operatorNamed, operators } from "./index";
import { operatorConfig } from "./live-set";

/**
 * Routes (D19): a route is one way to reach a network in a country, a direct operator API
 * or an aggregator. Each pair has an ordered list: direct operators first, aggregators
 * second (the order of server/connectors/index.ts), unless LIVE_ROUTES says otherwise for
 * the pair (`CI:orange=pawapay,orange-money;SN:free=pawapay`). A new transaction takes the
 * first route that is configured for its direction and whose breaker is not open; the
 * route is stored on the transaction and never changes (no double charge or payout).
 */
function overrides(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of (env().LIVE_ROUTES ?? "").split(/[;\s]+/)) {
    const [pair, list] = entry.split("=");
    const [country, network] = (pair ?? "").split(":");
    if (!country || !network || !list) continue;
    out.set(
      pairKey(country.trim(), network.trim()),
      list
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return out;
}

/** The pair's routes in order (configured or not). */
export function routesOf(country: string, network: string): OperatorDescriptor[] {
  const reaching = operators.filter((d) => reaches(d, country, network));
  const order = overrides().get(pairKey(country, network));
  if (order) {
    const named = order.map((n) => reaching.find((d) => d.name === n)).filter((d): d is OperatorDescriptor => !!d);
    // Routes the override does not name keep their place after the named ones.
    return [...named, ...reaching.filter((d) => !named.includes(d))];
  }
  return [...reaching.filter((d) => d.kind === "direct"), ...reaching.filter((d) => d.kind !== "direct")];
}

/** Whether the route's configuration block serves the pair in this direction. */
export function routeConfigured(d: OperatorDescriptor, country: string, network: string, direction: Direction): boolean {
  const cfg = operatorConfig(d.name);
  return cfg !== null && reaches(d, country, network, direction) && d.serves(cfg, country, network, direction);
}

const usable = (d: OperatorDescriptor, country: string, network: string, direction: Direction) =>
  routeConfigured(d, country, network, direction) && breakerAllows(healthKey(d.name, network, country));

/**
 * The route a new transaction takes now, or null. `refundOfRoute`: the route of the payin
 * a refund pays back; an operator that refunds its own payins (pawaPay) takes it first.
 */
export function chooseRoute(country: string, network: string, direction: Direction, refundOfRoute: string | null = null): OperatorDescriptor | null {
  const routes = routesOf(country, network);
  if (refundOfRoute) {
    const own = operatorNamed(refundOfRoute);
    if (own?.refundsOwnPayins && routes.includes(own) && usable(own, country, network, "payin")) return own;
  }
  return routes.find((d) => usable(d, country, network, direction)) ?? null;
}

export function pairAvailability(country: string, network: string): { payin: boolean; payout: boolean } {
  return { payin: chooseRoute(country, network, "payin") !== null, payout: chooseRoute(country, network, "payout") !== null };
}

export interface RouteState {
  route: string;
  label: string;
  kind: "direct" | "aggregator";
  /** Configured for this direction (its block is complete and serves the pair). */
  configured: boolean;
  breaker: BreakerState;
  consecutiveFailures: number;
  lastErrors: OperatorErrorNote[];
  lastSuccessAt: Date | null;
  /** Operator calls of the last hour (this process), their success rate (0-1) and p95 latency. */
  calls: number;
  successRate: number | null;
  p95Ms: number | null;
}

export interface PairDirectionState {
  country: string;
  network: string;
  direction: Direction;
  /** In order; the first configured one with its breaker not open takes new transactions. */
  routes: RouteState[];
  /** The route new transactions take now, or null (503 Network unavailable). */
  current: string | null;
}

/**
 * Every pair an operator can reach, per direction: its routes in order with their
 * configuration, breaker (shared by the fleet), last errors, success rate and p95 latency,
 * and which route new transactions take now. Read by the console's live rails page and the
 * status page (issue 25). Call `syncBreakers()` first for the fleet's latest breaker state.
 */
export function routeStates(): PairDirectionState[] {
  const pairs = new Map<string, { country: string; network: string }>();
  for (const d of operators) for (const p of d.pairs) pairs.set(pairKey(p.country, p.network), { country: p.country, network: p.network });
  const out: PairDirectionState[] = [];
  for (const { country, network } of [...pairs.values()].sort((a, b) => (a.country + a.network).localeCompare(b.country + b.network))) {
    for (const direction of ["payin", "payout"] as const) {
      const routes = routesOf(country, network).filter((d) => reaches(d, country, network, direction));
      if (!routes.length) continue;
      out.push({
        country,
        network,
        direction,
        routes: routes.map((d) => {
          const h = healthOf(healthKey(d.name, network, country));
          return {
            route: d.name,
            label: d.label,
            kind: d.kind,
            configured: routeConfigured(d, country, network, direction),
            breaker: h.state,
            consecutiveFailures: h.consecutiveFailures,
            lastErrors: h.lastErrors,
            lastSuccessAt: h.lastSuccessAt,
            calls: h.calls,
            successRate: h.successRate,
            p95Ms: h.p95Ms,
          };
        }),
        current: chooseRoute(country, network, direction)?.name ?? null,
      });
    }
  }
  return out;
}
