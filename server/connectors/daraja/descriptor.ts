import { logger } from "../../logger";
import { callbackAnswer, describe, parseJson, type CallbackContext, type CallbackStep } from "../descriptor";
import { darajaAvailable, darajaConfig, verifyB2cResult, type DarajaConfig } from "./client";
import { darajaConnector } from "./connector";
import { callbackSecretMatches } from "../callback-secret";

/**
 * safaricom (mpesa) in KE on Daraja (D15). STK callbacks only wake the STK query. A B2C
 * result has no query to ask: its URL carries a per-transaction secret and the result must
 * match the stored OriginatorConversationID, amount and phone; then it is applied.
 */
async function b2c(kind: string, id: string, secret: string, raw: string, ctx: CallbackContext): Promise<CallbackStep> {
  if (kind !== "result" && kind !== "timeout") return callbackAnswer.refused(404, "unknown callback");
  const t = await ctx.find({ id, type: "payout" });
  if (!t || !callbackSecretMatches(secret, t.callbackSecret)) return callbackAnswer.refused(403, "unknown transaction or secret");
  const check = verifyB2cResult(parseJson(raw), { originatorConversationId: t.operatorHandle ?? "", amount: t.amount, phone: t.phoneNumber }, kind);
  if (!check.ok) {
    logger().warn({ transactionId: id, why: check.why }, "daraja b2c callback ignored");
    return callbackAnswer.ok(`ignored: ${check.why}`);
  }
  if (check.result.state !== "successful" && check.result.state !== "failed") return callbackAnswer.ok("not final");
  return { kind: "apply", transactionId: id, result: check.result };
}

export const daraja = describe<DarajaConfig>({
  name: "daraja",
  label: "Safaricom M-Pesa (Daraja)",
  kind: "direct",
  docs: [
    { title: "Daraja APIs (Authorization, M-Pesa Express, B2C)", url: "https://developer.safaricom.co.ke/APIs" },
    { title: "Result codes", url: "https://developer.safaricom.co.ke/Documentation" },
  ],
  envVars: ["MPESA_BASE_URL", "MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET", "MPESA_SHORTCODE", "MPESA_PASSKEY", "MPESA_B2C_SHORTCODE", "MPESA_B2C_INITIATOR_NAME", "MPESA_B2C_SECURITY_CREDENTIAL"],
  callbackSegments: ["safaricom", "mpesa"],
  pairs: [{ country: "KE", network: "safaricom", directions: ["payin", "payout"] }],
  statusMapping: [
    ["STK ResultCode 0 / B2C ResultCode 0", "successful"],
    ["STK 1032 (cancelled), 1037 (no answer)", "cancelled"],
    ["any other ResultCode", "failed"],
    ["STK query 4999 / still processing", "pending (poll)"],
  ],
  readConfig: darajaConfig,
  serves: (cfg, country, _network, direction) => darajaAvailable(cfg, country, direction),
  build: darajaConnector,
  async callback(_cfg, req, ctx) {
    const [first, second, third, fourth] = req.path;
    if (first === "stk" && second) return { kind: "query", transactionId: second };
    if (first === "b2c" && second && third && fourth) return b2c(second, third, fourth, req.rawBody, ctx);
    return callbackAnswer.refused(404, "unknown callback");
  },
});
