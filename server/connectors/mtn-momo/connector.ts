import type { Transaction } from "../../db/schema";
import { callbackBase, liveConnector, uuidHandle } from "../live-connector";
import { createMomoClient, type MomoConfig, type MomoRequest } from "./client";
import type { HttpOptions } from "../operator-http";
import { isWholeUnitCurrency } from "../../money";

/**
 * mtn (D15) on the MoMo Open API: payin = Collection requesttopay, payout = Disbursement
 * transfer. The handle is the X-Reference-Id (UUID v4): resubmitting it is safe (MoMo
 * answers 409 for a known id) and the status query is by that id. MoMo's callbacks are
 * unsigned and carry no reference id, so our transaction id is in the callback path.
 */
export function momoConnector(cfg: MomoConfig, opts: HttpOptions) {
  const client = createMomoClient(cfg, opts);
  const request = (t: Transaction): MomoRequest => ({
    referenceId: t.operatorHandle ?? "",
    countryCode: t.countryCode,
    amount: t.amount,
    currency: t.currency,
    phone: t.phoneNumber,
    externalId: t.id,
    callbackUrl: `${callbackBase()}/api/connectors/mtn/callback/${t.id}`,
    payerMessage: t.type === "payin" ? `Payment ${t.orderId ?? t.id}`.slice(0, 160) : undefined,
    payeeNote: t.type === "payout" ? (t.beneficiary ?? "").slice(0, 160) : undefined,
    requestId: t.id,
  });
  return liveConnector({
    name: "mtn-momo",
    label: "MTN MoMo",
    wholeUnits: isWholeUnitCurrency,
    newHandle: () => uuidHandle(),
    submit: (t) => (t.type === "payin" ? client.requestToPay(request(t)) : client.transfer(request(t))),
    query: (t) =>
      t.type === "payin" ? client.getRequestToPay(t.operatorHandle ?? "", t.countryCode, t.id) : client.getTransfer(t.operatorHandle ?? "", t.countryCode, t.id),
    resubmitSafe: () => true,
  });
}
