import { callbackAnswer, describe, pairKey, parseJson, type ServedPair } from "../descriptor";
import { ID_FIELD, pawapayConfig, type PawapayConfig, type PawapayKind } from "./client";
import { pawapayConnector } from "./connector";

/**
 * pawaPay Merchant API v2 (D19): the aggregator route of every pair of ours that pawaPay's
 * providers page lists. PAWAPAY_PROVIDERS maps the pairs actually enabled on our account
 * to provider codes. Callbacks (deposits, payouts, refunds; configured in pawaPay's
 * dashboard as `/api/connectors/pawapay/{deposits|payouts|refunds}`) only trigger the
 * status check of the payment they name; its answer decides.
 */
/** Our pairs among pawaPay's providers (docs.pawapay.io/v2/docs/providers), with the provider codes. */
export const PAWAPAY_PROVIDERS: Readonly<Record<string, string>> = {
  "BJ:mtn": "MTN_MOMO_BEN",
  "BJ:moov": "MOOV_BEN",
  "BF:moov": "MOOV_BFA",
  "BF:orange": "ORANGE_BFA",
  "CM:mtn": "MTN_MOMO_CMR",
  "CM:orange": "ORANGE_CMR",
  "CI:mtn": "MTN_MOMO_CIV",
  "CI:orange": "ORANGE_CIV",
  "CD:vodacom": "VODACOM_MPESA_COD",
  "CD:airtel": "AIRTEL_COD",
  "CD:orange": "ORANGE_COD",
  "CG:mtn": "MTN_MOMO_COG",
  "KE:safaricom": "MPESA_KEN",
  "RW:mtn": "MTN_MOMO_RWA",
  "RW:airtel": "AIRTEL_RWA",
  "SN:orange": "ORANGE_SEN",
  "SN:free": "FREE_SEN",
  "TZ:vodacom": "VODACOM_TZA",
  "TZ:airtel": "AIRTEL_TZA",
  "TZ:tigo": "TIGO_TZA",
  "TZ:halotel": "HALOTEL_TZA",
  "UG:mtn": "MTN_MOMO_UGA",
  "UG:airtel": "AIRTEL_OAPI_UGA",
};

const pairs: ServedPair[] = Object.keys(PAWAPAY_PROVIDERS).map((k) => {
  const [country, network] = k.split(":");
  return { country, network, directions: ["payin", "payout"] };
});

const KINDS = new Set<PawapayKind>(["deposits", "payouts", "refunds"]);

export const pawapay = describe<PawapayConfig>({
  name: "pawapay",
  label: "pawaPay",
  kind: "aggregator",
  docs: [
    { title: "Deposits guide (v2)", url: "https://docs.pawapay.io/v2/docs/deposits" },
    { title: "Payouts guide (v2)", url: "https://docs.pawapay.io/v2/docs/payouts" },
    { title: "Refunds guide (v2)", url: "https://docs.pawapay.io/v2/docs/refunds" },
    { title: "Providers", url: "https://docs.pawapay.io/v2/docs/providers" },
    { title: "Sandbox test numbers", url: "https://docs.pawapay.io/v2/docs/test_numbers" },
    { title: "Failure codes", url: "https://docs.pawapay.io/v2/docs/failure_codes" },
    { title: "OpenAPI document", url: "https://docs.pawapay.io/v2/api-reference/openapi_v2.yaml" },
  ],
  envVars: ["PAWAPAY_BASE_URL", "PAWAPAY_API_TOKEN", "PAWAPAY_PROVIDERS"],
  callbackSegments: ["pawapay"],
  pairs,
  statusMapping: [
    ["initiation ACCEPTED / DUPLICATE_IGNORED", "pending (the earlier call stands)"],
    ["initiation REJECTED", "failed (failureReason in plain words)"],
    ["COMPLETED", "successful"],
    ["FAILED, PAYMENT_NOT_APPROVED", "cancelled"],
    ["FAILED, any other failureCode", "failed"],
    ["ACCEPTED, SUBMITTED, ENQUEUED, PROCESSING, IN_RECONCILIATION", "pending (poll)"],
    ["NOT_FOUND for a payout never acknowledged, past its timeout", "failed (money returned)"],
  ],
  refundsOwnPayins: true,
  readConfig: pawapayConfig,
  serves: (cfg, country, network) => !!cfg.providers[pairKey(country, network)],
  build: pawapayConnector,
  async callback(_cfg, req, ctx) {
    const kind = req.path[0] as PawapayKind;
    if (!KINDS.has(kind)) return callbackAnswer.refused(404, "unknown callback");
    const id = (parseJson(req.rawBody) as Record<string, unknown> | null)?.[ID_FIELD[kind]];
    if (typeof id !== "string" || !id) return callbackAnswer.ok("nothing to look up");
    return { kind: "query", transactionId: (await ctx.find({ operatorHandle: id }))?.id ?? null };
  },
});
