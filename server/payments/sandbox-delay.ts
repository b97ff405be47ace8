import type { ConnectorPlan } from "../connectors/types";
import type { Mode } from "../db/schema";

/**
 * `metadata.sandbox_delay_ms` (test mode, 0-600000): a payin's own sandbox timing, in
 * place of SANDBOX_DELAY_MS, counted from the moment the customer's part is done
 * (creation, or finalize for PIN payins), as the sandbox counts its own delay. Live mode
 * ignores it (a live payin waits for its operator). A plan without a due outcome (the
 * 0003 number, a PIN or checkout still waiting) is left as it is.
 */
export const SANDBOX_DELAY_MAX_MS = 600_000;

export function withSandboxDelay(plan: ConnectorPlan, input: { mode: Mode; delayMs: number | null | undefined; from: Date }): ConnectorPlan {
  if (input.mode !== "test" || input.delayMs === null || input.delayMs === undefined || !plan.nextCheckAt) return plan;
  return Object.assign({}, plan, { nextCheckAt: new Date(input.from.getTime() + input.delayMs) });
}

/** The delay a stored payin asked for (its request metadata), for finalize. */
export function storedSandboxDelay(requestMetadata: unknown): number | null {
  const meta = (requestMetadata as { metadata?: { sandbox_delay_ms?: unknown } } | null)?.metadata;
  return typeof meta?.sandbox_delay_ms === "number" ? meta.sandbox_delay_ms : null;
}
