import type { Transaction } from "../../db/schema";
import { callbackSecretFor } from "../callback-secret";
import { callbackBase, liveConnector, uuidHandle } from "../live-connector";
import type { HttpOptions } from "../operator-http";
import { createDarajaClient, type DarajaConfig } from "./client";

/**
 * safaricom / mpesa in KE (D15) on Daraja: payin = M-Pesa Express (STK push) + its query,
 * payout = B2C payment request.
 *  - STK push has no idempotency handle: its CheckoutRequestID (connector_ref) is learnt
 *    from the answer, and a push whose answer was lost is never sent again (a second
 *    prompt could be a second payment); such a payin expires and is flagged.
 *  - B2C: the handle is the OriginatorConversationID (resubmitting it is refused by Daraja
 *    as a duplicate). There is no query: the outcome comes only on the ResultURL, which
 *    carries a per-transaction secret (routes in server/connectors/callbacks.ts).
 */
export function darajaConnector(cfg: DarajaConfig, opts: HttpOptions) {
  const client = createDarajaClient(cfg, opts);
  const b2cUrl = (t: Transaction, kind: "result" | "timeout") => `${callbackBase()}/api/connectors/safaricom/b2c/${kind}/${t.id}/${callbackSecretFor(t.id)}`;
  return liveConnector({
    name: "daraja",
    label: "M-Pesa",
    wholeUnits: () => true,
    newHandle: (type) => (type === "payout" ? uuidHandle() : null),
    needsCallbackSecret: (type) => type === "payout",
    submit: (t) =>
      t.type === "payin"
        ? client.stkPush({
            amount: t.amount,
            phone: t.phoneNumber,
            accountReference: (t.orderId ?? t.id).slice(-12),
            description: "Payment",
            callbackUrl: `${callbackBase()}/api/connectors/safaricom/stk/${t.id}`,
            requestId: t.id,
          })
        : client.b2cPayment({
            originatorConversationId: t.operatorHandle ?? "",
            amount: t.amount,
            phone: t.phoneNumber,
            resultUrl: b2cUrl(t, "result"),
            queueTimeoutUrl: b2cUrl(t, "timeout"),
            remarks: `Payout ${t.id}`,
            occasion: t.orderId ?? "",
            requestId: t.id,
          }),
    query: async (t) => {
      if (t.type === "payout") return null;
      if (!t.connectorRef) return { state: "unknown", operatorRef: null, reason: null, notFound: true };
      return client.stkQuery(t.connectorRef, t.id);
    },
    resubmitSafe: (t) => t.type === "payout",
  });
}
