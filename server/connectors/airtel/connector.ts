import type { Transaction } from "../../db/schema";
import { compactHandle, liveConnector } from "../live-connector";
import type { HttpOptions } from "../operator-http";
import { createAirtelClient, type AirtelConfig, type AirtelRequest } from "./client";
import { isWholeUnitCurrency } from "../../money";

/**
 * airtel (D15) on the Airtel Africa Open API: payin = Collection (USSD push) + enquiry,
 * payout = Disbursement. The handle is the transaction id we give Airtel (refused as a
 * duplicate when sent again); the enquiries are by that id. Callbacks (registered on
 * Airtel's portal) are unsigned: they only wake an enquiry.
 */
export function airtelConnector(cfg: AirtelConfig, opts: HttpOptions) {
  const client = createAirtelClient(cfg, opts);
  const request = (t: Transaction): AirtelRequest => ({
    transactionId: t.operatorHandle ?? "",
    amount: t.amount,
    currency: t.currency,
    countryCode: t.countryCode,
    phone: t.phoneNumber,
    reference: t.orderId ?? t.id,
    requestId: t.id,
  });
  const where = (t: Transaction) => ({ countryCode: t.countryCode, currency: t.currency, requestId: t.id });
  return liveConnector({
    name: "airtel",
    label: "Airtel Money",
    wholeUnits: isWholeUnitCurrency,
    newHandle: () => compactHandle(),
    submit: (t) => (t.type === "payin" ? client.collect(request(t)) : client.disburse(request(t))),
    query: (t) => (t.type === "payin" ? client.getCollection(t.operatorHandle ?? "", where(t)) : client.getDisbursement(t.operatorHandle ?? "", where(t))),
    resubmitSafe: () => true,
  });
}
