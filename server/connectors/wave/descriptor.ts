import { logger } from "../../logger";
import { callbackAnswer, describe, pairsOf } from "../descriptor";
import { mapWaveEvent, verifyWaveWebhook, waveAvailable, waveConfig, type WaveConfig } from "./client";
import { waveConnector } from "./connector";

/**
 * wave (D15): Checkout sessions for payins, the Payout API for payouts. Webhooks are signed
 * (HMAC, verified) and each event id is recorded so a replay is refused by every instance;
 * even a verified event only wakes the status query, one code path for outcomes.
 */
export const wave = describe<WaveConfig>({
  name: "wave",
  label: "Wave",
  kind: "direct",
  docs: [
    { title: "Checkout API", url: "https://docs.wave.com/checkout" },
    { title: "Payout API", url: "https://docs.wave.com/payout" },
    { title: "Webhooks", url: "https://docs.wave.com/webhook" },
  ],
  envVars: ["WAVE_BASE_URL", "WAVE_API_KEY", "WAVE_WEBHOOK_SECRET"],
  callbackSegments: ["wave"],
  pairs: pairsOf("wave", ["SN", "CI", "GM"]),
  statusMapping: [
    ["checkout complete + succeeded / payout succeeded", "successful"],
    ["checkout expired", "cancelled"],
    ["last_payment_error / payout failed or reversed", "failed"],
    ["processing", "pending (poll)"],
  ],
  readConfig: waveConfig,
  serves: (cfg, country) => waveAvailable(cfg, country),
  build: waveConnector,
  async callback(cfg, req, ctx) {
    if (req.path[0] !== "webhook") return callbackAnswer.refused(404, "unknown callback");
    if (!cfg) return callbackAnswer.refused(404, "wave is not configured");
    const check = verifyWaveWebhook(req.rawBody, req.headers.get("wave-signature"), cfg.webhookSecret);
    if (!check.ok) {
      logger().warn({ why: check.why }, "wave webhook refused");
      return callbackAnswer.refused(401, `signature ${check.why}`);
    }
    if (!(await ctx.firstSeen(check.event.id))) return callbackAnswer.ok("replay ignored");
    return { kind: "query", transactionId: mapWaveEvent(check.event)?.clientReference ?? null };
  },
});
