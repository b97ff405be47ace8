import { callbackAnswer, describe, pairsOf } from "../descriptor";
import { momoAvailable, momoConfig, type MomoConfig } from "./client";
import { momoConnector } from "./connector";

/**
 * mtn on the MoMo Open API (D15). Callbacks are unsigned and carry no reference id: our
 * transaction id is in the callback path, and the callback only wakes the status query.
 */
export const mtnMomo = describe<MomoConfig>({
  name: "mtn-momo",
  label: "MTN MoMo",
  kind: "direct",
  docs: [
    { title: "Collection and Disbursement API reference", url: "https://momodeveloper.mtn.com/api-documentation" },
    { title: "Common errors", url: "https://momodeveloper.mtn.com/api-documentation/common-error" },
    { title: "Testing (sandbox numbers)", url: "https://momodeveloper.mtn.com/api-documentation/testing" },
  ],
  envVars: [
    "MTN_MOMO_BASE_URL",
    "MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY",
    "MTN_MOMO_COLLECTION_USER_ID",
    "MTN_MOMO_COLLECTION_API_KEY",
    "MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY",
    "MTN_MOMO_DISBURSEMENT_USER_ID",
    "MTN_MOMO_DISBURSEMENT_API_KEY",
    "MTN_MOMO_TARGET_ENVIRONMENTS",
  ],
  callbackSegments: ["mtn"],
  // The MoMo Open API's target environments among our countries.
  pairs: pairsOf("mtn", ["BJ", "CG", "CM", "CI", "GN", "UG", "RW"]),
  statusMapping: [
    ["SUCCESSFUL", "successful"],
    ["FAILED (PAYER_NOT_FOUND, NOT_ENOUGH_FUNDS, …)", "failed"],
    ["FAILED (APPROVAL_REJECTED, EXPIRED)", "cancelled"],
    ["PENDING", "pending (poll)"],
  ],
  readConfig: momoConfig,
  serves: (cfg, country, _network, direction) => momoAvailable(cfg, country, direction),
  build: momoConnector,
  async callback(_cfg, req) {
    const [kind, id] = req.path;
    return kind === "callback" && id ? { kind: "query", transactionId: id } : callbackAnswer.refused(404, "unknown callback");
  },
});
