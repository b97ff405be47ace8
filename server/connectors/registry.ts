import type { Mode, Transaction } from "../db/schema";
import { liveSet } from "./live-set";
import { chooseRoute, pairAvailability } from "./routes";
import { syncBreakers } from "./health";
import { sandboxConnector } from "./sandbox";
import type { Connector } from "./types";
import type { Direction } from "./descriptor";

/**
 * Which connector serves a transaction. Test mode: always the sandbox. Live mode (D15,
 * D19): the first route of the pair (server/connectors/routes.ts) that is configured,
 * serves the direction and whose breaker is not open; otherwise null, which the services
 * answer with 503 `Network unavailable` before writing anything.
 *
 * The operator connectors are built from the environment (live-set.ts). `registerLiveConnector` plugs a
 * connector of one's own in for one network of one country; it wins over the routes.
 */
const KEY = Symbol.for("sika.liveConnectors");
const g = globalThis as unknown as { [KEY]?: Map<string, Connector> };
const registered = (g[KEY] ??= new Map<string, Connector>());

const slot = (countryCode: string, network: string) => `${countryCode.toUpperCase()}:${network.toLowerCase()}`;

/** Live availability of a network in a country per direction (routes, breakers as this process last saw them). */
export function liveAvailability(countryCode: string, network: string): { payin: boolean; payout: boolean } {
  if (registered.has(slot(countryCode, network))) return { payin: true, payout: true };
  return pairAvailability(countryCode, network);
}

export function isLiveConnectorConfigured(countryCode: string, network: string): boolean {
  const a = liveAvailability(countryCode, network);
  return a.payin || a.payout;
}

export interface RouteChoice {
  connector: Connector;
  /** The route's name, stored on the transaction (null in test mode). */
  route: string | null;
}

/**
 * The connector for a new transaction, or null when the network is unavailable. A refund
 * passes the payin it refunds: a payin that went through pawaPay is refunded by pawaPay's
 * refunds where that route is up (D19); others go as payouts by the pair's routes.
 */
export async function routeFor(
  mode: Mode,
  countryCode: string,
  network: string,
  direction: Direction = "payin",
  opts: { refundOf?: Pick<Transaction, "route"> } = {},
): Promise<RouteChoice | null> {
  if (mode === "test") return { connector: sandboxConnector, route: null };
  const own = registered.get(slot(countryCode, network));
  if (own) return { connector: own, route: own.name };
  await syncBreakers();
  const d = chooseRoute(countryCode, network, direction, opts.refundOf?.route ?? null);
  const connector = d ? liveSet().connectors.get(d.name) : undefined;
  return d && connector ? { connector, route: d.name } : null;
}

/** The connector for a new transaction (without the route's name). */
export async function connectorFor(mode: Mode, countryCode: string, network: string, direction: Direction = "payin"): Promise<Connector | null> {
  return (await routeFor(mode, countryCode, network, direction))?.connector ?? null;
}

/** The connector that handles an existing transaction (finalize, polls), by its stored name: never another route. */
export function connectorByName(name: string): Connector | null {
  if (name === sandboxConnector.name) return sandboxConnector;
  for (const c of registered.values()) if (c.name === name) return c;
  return liveSet().connectors.get(name) ?? null;
}

/** Plugs a live connector in for one network of one country; returns the undo. */
export function registerLiveConnector(countryCode: string, network: string, connector: Connector): () => void {
  const key = slot(countryCode, network);
  registered.set(key, connector);
  return () => {
    if (registered.get(key) === connector) registered.delete(key);
  };
}
