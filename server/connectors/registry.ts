import type { Mode } from "../db/schema";
import { env, type Env } from "../env";
import { airtelConnector } from "./airtel/connector";
import { darajaConnector } from "./daraja/connector";
import { breakerAllows, healthKey } from "./health";
import { liveConfigs, liveConfigured, operatorForNetwork, type LiveConfigs, type LiveOperator } from "./index";
import { momoConnector } from "./mtn-momo/connector";
import { sandboxConnector } from "./sandbox";
import type { Connector } from "./types";
import { waveConnector } from "./wave/connector";

/**
 * Which connector serves a network. Test mode: always the sandbox. Live mode (D15): the
 * operator connector of the network when its configuration block is complete for the
 * country and direction AND its circuit breaker is not open; otherwise null, which the
 * services answer with 503 `Network unavailable` before writing anything.
 *
 * The operator connectors are built from the environment (server/env.ts) and rebuilt when
 * it is re-read (tests call resetEnvCache). `registerLiveConnector` plugs a connector of
 * one's own in for one network of one country; it wins over the configuration.
 */
const KEY = Symbol.for("sika.liveConnectors");
const g = globalThis as unknown as { [KEY]?: Map<string, Connector> };
const registered = (g[KEY] ??= new Map<string, Connector>());

const slot = (countryCode: string, network: string) => `${countryCode.toUpperCase()}:${network.toLowerCase()}`;

interface LiveSet {
  configs: LiveConfigs;
  byOperator: Partial<Record<LiveOperator, Connector>>;
}

const built = new WeakMap<Env, LiveSet>();

function liveSet(): LiveSet {
  const e = env();
  let set = built.get(e);
  if (!set) {
    // The D15 variables are plain strings in Env; liveConfigs reads only those.
    const configs = liveConfigs(e as unknown as Record<string, string | undefined>);
    const opts = { timeoutMs: e.CONNECTOR_TIMEOUT_MS };
    set = {
      configs,
      byOperator: {
        "mtn-momo": configs.momo ? momoConnector(configs.momo, opts) : undefined,
        daraja: configs.daraja ? darajaConnector(configs.daraja, opts) : undefined,
        wave: configs.wave ? waveConnector(configs.wave, opts) : undefined,
        airtel: configs.airtel ? airtelConnector(configs.airtel, opts) : undefined,
      },
    };
    built.set(e, set);
  }
  return set;
}

/** The configured operator blocks (callbacks read the Wave webhook secret from here). */
export function currentLiveConfigs(): LiveConfigs {
  return liveSet().configs;
}

/** Live availability of a network in a country, for one direction or either. */
export function liveAvailability(countryCode: string, network: string) {
  if (registered.has(slot(countryCode, network))) return { payin: true, payout: true, breakerOpen: false };
  const { configs } = liveSet();
  const breakerOpen = !breakerAllows(healthKey(network, countryCode));
  return {
    payin: liveConfigured(configs, countryCode, network, "payin") && !breakerOpen,
    payout: liveConfigured(configs, countryCode, network, "payout") && !breakerOpen,
    breakerOpen,
  };
}

export function isLiveConnectorConfigured(countryCode: string, network: string): boolean {
  const a = liveAvailability(countryCode, network);
  return a.payin || a.payout;
}

/** The connector for a new transaction, or null when the network is unavailable. */
export function connectorFor(mode: Mode, countryCode: string, network: string, direction: "payin" | "payout" = "payin"): Connector | null {
  if (mode === "test") return sandboxConnector;
  const own = registered.get(slot(countryCode, network));
  if (own) return own;
  if (!liveAvailability(countryCode, network)[direction]) return null;
  const operator = operatorForNetwork(countryCode, network);
  return operator ? (liveSet().byOperator[operator] ?? null) : null;
}

/** The connector that handles an existing transaction (finalize, polls), by its stored name. */
export function connectorByName(name: string): Connector | null {
  if (name === sandboxConnector.name) return sandboxConnector;
  for (const c of registered.values()) if (c.name === name) return c;
  return liveSet().byOperator[name as LiveOperator] ?? null;
}

/** Plugs a live connector in for one network of one country; returns the undo. */
export function registerLiveConnector(countryCode: string, network: string, connector: Connector): () => void {
  const key = slot(countryCode, network);
  registered.set(key, connector);
  return () => {
    if (registered.get(key) === connector) registered.delete(key);
  };
}
