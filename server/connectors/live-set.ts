import { env, operatorEnv, type Env } from "../env";
import { operatorEnvVars, operators } from "./index";
import type { Connector } from "./types";

/**
 * The operator connectors built from the environment: each descriptor reads its own block
 * (incomplete: not configured) and builds its connector. Rebuilt when the environment is
 * re-read (tests call resetEnvCache).
 */
interface LiveSet {
  configs: Map<string, unknown>;
  connectors: Map<string, Connector>;
}

const built = new WeakMap<Env, LiveSet>();

export function liveSet(): LiveSet {
  const e = env();
  let set = built.get(e);
  if (!set) {
    const values = operatorEnv(operatorEnvVars);
    const opts = { timeoutMs: e.CONNECTOR_TIMEOUT_MS };
    set = { configs: new Map(), connectors: new Map() };
    for (const d of operators) {
      const cfg = d.readConfig(values);
      set.configs.set(d.name, cfg);
      if (cfg) set.connectors.set(d.name, d.build(cfg, opts));
    }
    built.set(e, set);
  }
  return set;
}

/** An operator's configuration block, or null when it is not (completely) configured. */
export function operatorConfig(name: string): unknown {
  return liveSet().configs.get(name) ?? null;
}
