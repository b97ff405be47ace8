import type { Mode } from "../../db/schema";
import { sandboxConnector } from "./sandbox";
import type { Connector } from "./types";

/**
 * Which connector serves a network. Test mode: always the sandbox. Live mode: only the
 * operator integrations registered here - none is wired yet, so live answers 503
 * `Network unavailable` for every network and nothing is written (D9: never fake a live
 * outcome). `registerLiveConnector` is how a deployment plugs an operator in (and how
 * tests exercise the live paths with a connector of their own).
 */
const KEY = Symbol.for("sika.liveConnectors");
const g = globalThis as unknown as { [KEY]?: Map<string, Connector> };
const live = (g[KEY] ??= new Map<string, Connector>());

const slot = (countryCode: string, network: string) => `${countryCode.toUpperCase()}:${network.toLowerCase()}`;

export function isLiveConnectorConfigured(countryCode: string, network: string): boolean {
  return live.has(slot(countryCode, network));
}

/** The connector for a new transaction, or null when the network is unavailable. */
export function connectorFor(mode: Mode, countryCode: string, network: string): Connector | null {
  if (mode === "test") return sandboxConnector;
  return live.get(slot(countryCode, network)) ?? null;
}

/** The connector that handles an existing transaction (finalize, polls), by its stored name. */
export function connectorByName(name: string): Connector | null {
  if (name === sandboxConnector.name) return sandboxConnector;
  for (const c of live.values()) if (c.name === name) return c;
  return null;
}

/** Plugs a live connector in for one network of one country; returns the undo. */
export function registerLiveConnector(countryCode: string, network: string, connector: Connector): () => void {
  const key = slot(countryCode, network);
  live.set(key, connector);
  return () => {
    if (live.get(key) === connector) live.delete(key);
  };
}
