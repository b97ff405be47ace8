import { logger } from "../../logger";
import { callbackAnswer, describe, pairsOf, parseJson } from "../descriptor";
import { callbackSecretMatches } from "../callback-secret";
import { orangeMoneyConfig, type OrangeMoneyConfig } from "./client";
import { orangeMoneyConnector } from "./connector";

/**
 * Orange Money Web Payment (D19): the direct route of orange for payins in the countries
 * of ORANGE_MONEY_COUNTRIES. Notifications arrive on `/api/connectors/orange/notify/{id}`
 * (the notif_url of each payment) and are believed only with the notif_token stored for
 * that payin, and then only as a reason to ask transactionstatus.
 */
export const orangeMoney = describe<OrangeMoneyConfig>({
  name: "orange-money",
  label: "Orange Money",
  kind: "direct",
  docs: [
    { title: "Orange Money Web Payment: getting started", url: "https://developer.orange.com/apis/om-webpay/getting-started" },
    { title: "Orange Money Web Payment: API reference", url: "https://developer.orange.com/apis/om-webpay/api-reference" },
  ],
  envVars: ["ORANGE_MONEY_BASE_URL", "ORANGE_MONEY_CLIENT_ID", "ORANGE_MONEY_CLIENT_SECRET", "ORANGE_MONEY_MERCHANT_KEY", "ORANGE_MONEY_COUNTRIES"],
  callbackSegments: ["orange"],
  // Web Payment countries among ours; payins only (payouts and refunds of orange go by pawaPay).
  pairs: pairsOf("orange", ["BF", "CD", "CM", "CI", "GN", "ML", "SN"], ["payin"]),
  statusMapping: [
    ["SUCCESS", "successful"],
    ["FAILED", "failed"],
    ["EXPIRED", "cancelled"],
    ["INITIATED, PENDING", "pending (poll; never cancelled on our expiry while Orange holds it open)"],
  ],
  readConfig: orangeMoneyConfig,
  serves: (cfg, country, _network, direction) => direction === "payin" && !!cfg.countries[country.toUpperCase()],
  build: orangeMoneyConnector,
  async callback(_cfg, req, ctx) {
    const [kind, id] = req.path;
    if (kind !== "notify" || !id) return callbackAnswer.refused(404, "unknown callback");
    const token = (parseJson(req.rawBody) as { notif_token?: unknown } | null)?.notif_token;
    const t = await ctx.find({ id, type: "payin" });
    if (!t || typeof token !== "string" || !callbackSecretMatches(token, t.callbackSecret)) {
      logger().warn({ transactionId: id }, "orange money notification refused: unknown payin or notif_token");
      return callbackAnswer.refused(403, "unknown transaction or notif_token");
    }
    return { kind: "query", transactionId: t.id };
  },
});
