import type { Transaction } from "../../db/schema";
import { callbackBase, compactHandle, liveConnector } from "../live-connector";
import { OperatorError, type HttpOptions } from "../operator-http";
import { createOrangeMoneyClient, type OrangeMoneyConfig } from "./client";

/**
 * orange (D19) on Orange Money Web Payment: payins only, redirect flow. The handle is the
 * order_id, stored before the call and sent again on a retry (no customer can pay a
 * session whose payment_url nobody received). Orange's answer gives the pay_token (our
 * connector_ref, needed by transactionstatus), the payment_url (the payin's redirect_url)
 * and the notif_token (stored: a notification is believed only with it, and then only as
 * a reason to ask transactionstatus).
 */
export function orangeMoneyConnector(cfg: OrangeMoneyConfig, opts: HttpOptions) {
  const client = createOrangeMoneyClient(cfg, opts);
  const back = (t: Transaction) => t.returnUrl ?? `${callbackBase()}/checkout/${t.id}`;
  const noPayouts = () => new OperatorError("orange-money", "rejected", "Orange Money Web Payment takes payins only");
  return liveConnector({
    name: "orange-money",
    label: "Orange Money",
    wholeUnits: () => true,
    newHandle: () => compactHandle(),
    submit: async (t) => {
      if (t.type !== "payin") throw noPayouts();
      const a = await client.webPayment({
        countryCode: t.countryCode,
        orderId: t.operatorHandle ?? "",
        amount: t.amount,
        currency: t.currency,
        returnUrl: back(t),
        cancelUrl: back(t),
        notifUrl: `${callbackBase()}/api/connectors/orange/notify/${t.id}`,
        lang: "fr",
        reference: (t.orderId ?? t.id).slice(0, 30),
        requestId: t.id,
      });
      return { ...a, launchUrl: a.paymentUrl, callbackSecret: a.notifToken };
    },
    query: async (t) => {
      if (t.type !== "payin") throw noPayouts();
      // Without a pay_token Orange cannot be asked (the creation's answer was lost).
      if (!t.connectorRef) return { state: "unknown", operatorRef: null, reason: null, notFound: true };
      return client.transactionStatus({ countryCode: t.countryCode, orderId: t.operatorHandle ?? "", amount: t.amount, payToken: t.connectorRef, requestId: t.id });
    },
    resubmitSafe: () => true,
  });
}
