import { airtelAvailable, airtelConfig, type AirtelConfig } from "./airtel/client";
import { darajaAvailable, darajaConfig, type DarajaConfig } from "./daraja/client";
import { momoAvailable, momoConfig, type MomoConfig } from "./mtn-momo/client";
import { waveAvailable, waveConfig, type WaveConfig } from "./wave/client";

/**
 * Which operator API serves a network, and whether its D15 block is complete for a country
 * and direction. The wiring phase combines this with the circuit breaker (D15: live only
 * when configured AND the breaker is closed).
 */
export type LiveOperator = "mtn-momo" | "daraja" | "wave" | "airtel";

/** Catalog network id (or alias) -> operator API. `mpesa` is Safaricom's only in KE. */
export function operatorForNetwork(countryCode: string, network: string): LiveOperator | null {
  const n = network.toLowerCase();
  if (n === "mtn") return "mtn-momo";
  if (n === "safaricom" || (n === "mpesa" && countryCode.toUpperCase() === "KE")) return "daraja";
  if (n === "wave") return "wave";
  if (n === "airtel") return "airtel";
  return null;
}

export interface LiveConfigs {
  momo: MomoConfig | null;
  daraja: DarajaConfig | null;
  wave: WaveConfig | null;
  airtel: AirtelConfig | null;
}

/** Reads every operator block from the environment values (server/env.ts passes env()). */
export function liveConfigs(env: Record<string, string | undefined>): LiveConfigs {
  return { momo: momoConfig(env), daraja: darajaConfig(env), wave: waveConfig(env), airtel: airtelConfig(env) };
}

export function liveConfigured(cfg: LiveConfigs, countryCode: string, network: string, direction: "payin" | "payout"): boolean {
  switch (operatorForNetwork(countryCode, network)) {
    case "mtn-momo":
      return momoAvailable(cfg.momo, countryCode, direction);
    case "daraja":
      return darajaAvailable(cfg.daraja, countryCode, direction);
    case "wave":
      return waveAvailable(cfg.wave, countryCode);
    case "airtel":
      return airtelAvailable(cfg.airtel, countryCode, direction);
    default:
      return false;
  }
}
