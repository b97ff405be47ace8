import type { ApiResult } from "./api-result";
import { success } from "./envelope";

/**
 * The response of an endpoint honouring `Idempotency-Key` (payin, payout): the 2.1
 * envelope, plus `Idempotent-Replayed: true` when the body is the replay of an earlier
 * request (as Stripe does), so clients can tell without comparing bodies.
 */
export function creationResponse(result: { data: unknown; replayed: boolean }, message: string): ApiResult {
  const res = success(result.data, message);
  if (result.replayed) res.headers["Idempotent-Replayed"] = "true";
  return res;
}
