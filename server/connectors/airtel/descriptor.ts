import { callbackAnswer, describe, pairsOf, parseJson } from "../descriptor";
import { airtelAvailable, airtelCallbackHint, airtelConfig, type AirtelConfig } from "./client";
import { airtelConnector } from "./connector";

/**
 * airtel on the Airtel Africa Open API (D15). Callbacks (registered on Airtel's portal) are
 * unsigned: they name our transaction id at Airtel (the stored handle) and only wake the enquiry.
 */
export const airtel = describe<AirtelConfig>({
  name: "airtel",
  label: "Airtel Money",
  kind: "direct",
  docs: [{ title: "Airtel Africa Open API (Authorization, Collection, Disbursement)", url: "https://developers.airtel.africa/documentation" }],
  envVars: ["AIRTEL_BASE_URL", "AIRTEL_CLIENT_ID", "AIRTEL_CLIENT_SECRET", "AIRTEL_DISBURSEMENT_PIN", "AIRTEL_PUBLIC_KEY", "AIRTEL_COUNTRIES"],
  callbackSegments: ["airtel"],
  pairs: pairsOf("airtel", ["UG", "KE", "RW", "TZ", "CD"]),
  statusMapping: [
    ["TS", "successful"],
    ["TF (declined / timed out)", "failed or cancelled by response code"],
    ["TIP / TA", "pending (poll)"],
  ],
  readConfig: airtelConfig,
  serves: (cfg, country, _network, direction) => airtelAvailable(cfg, country, direction),
  build: airtelConnector,
  async callback(_cfg, req, ctx) {
    if (req.path[0] !== "callback") return callbackAnswer.refused(404, "unknown callback");
    const handle = airtelCallbackHint(parseJson(req.rawBody)).transactionId;
    if (!handle) return callbackAnswer.ok("nothing to look up");
    return { kind: "query", transactionId: (await ctx.find({ operatorHandle: handle }))?.id ?? null };
  },
});
