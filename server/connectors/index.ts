import type { OperatorDescriptor } from "./descriptor";
import { airtel } from "./airtel/descriptor";
import { daraja } from "./daraja/descriptor";
import { mtnMomo } from "./mtn-momo/descriptor";
import { orangeMoney } from "./orange-money/descriptor";
import { pawapay } from "./pawapay/descriptor";
import { wave } from "./wave/descriptor";

/**
 * The operator integrations (issue 20): one folder each under server/connectors/, one line
 * each here. The registry, the routes (D19), the callback route, the console's live rails,
 * GET /api/v1/networks and docs/connectors.md's coverage table loop over this list. Within
 * a pair, direct operators come before aggregators (LIVE_ROUTES can reorder per pair).
 */
export const operators: readonly OperatorDescriptor[] = [mtnMomo, daraja, wave, airtel, orangeMoney, pawapay];

export function operatorNamed(name: string): OperatorDescriptor | undefined {
  return operators.find((d) => d.name === name);
}

/** The operator whose callbacks arrive on `/api/connectors/{segment}/…`. */
export function operatorForCallback(segment: string): OperatorDescriptor | undefined {
  const s = segment.toLowerCase();
  return operators.find((d) => d.callbackSegments.includes(s));
}

/** Every variable of every operator block (README, the registry's one read of the environment). */
export const operatorEnvVars: readonly string[] = operators.flatMap((d) => d.envVars);
