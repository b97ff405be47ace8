import type { Transaction } from "../../db/schema";
import { callbackBase, liveConnector, uuidHandle } from "../live-connector";
import type { HttpOptions } from "../operator-http";
import { createWaveClient, type WaveConfig } from "./client";
import { isWholeUnitCurrency } from "../../money";

/**
 * wave (D15): payin = Checkout session (our redirect_url is its wave_launch_url), payout
 * = Payout API. The handle is the Idempotency-Key sent with both creations: Wave answers a
 * resubmission with the first answer. Status queries are by the session / payout id
 * (connector_ref). Wave's webhooks are signed (verified in server/connectors/callbacks.ts).
 */
export function waveConnector(cfg: WaveConfig, opts: HttpOptions) {
  const client = createWaveClient(cfg, opts);
  const back = (t: Transaction) => t.returnUrl ?? `${callbackBase()}/checkout/${t.id}`;
  const unknown = { state: "unknown" as const, operatorRef: null, reason: null, notFound: true };
  return liveConnector({
      name: "wave",
      label: "Wave",
      wholeUnits: isWholeUnitCurrency,
      newHandle: () => uuidHandle(),
      submit: (t) =>
        t.type === "payin"
          ? client.createCheckout({
              idempotencyKey: t.operatorHandle ?? "",
              amount: t.amount,
              currency: t.currency,
              phone: t.phoneNumber,
              clientReference: t.id,
              successUrl: back(t),
              errorUrl: back(t),
              requestId: t.id,
            })
          : client.createPayout({
              idempotencyKey: t.operatorHandle ?? "",
              amount: t.amount,
              currency: t.currency,
              phone: t.phoneNumber,
              name: t.beneficiary ?? undefined,
              clientReference: t.id,
              requestId: t.id,
            }),
      query: async (t) => {
        if (!t.connectorRef) return unknown;
        if (t.type === "payout") return client.getPayout(t.connectorRef, t.id);
        const answer = await client.getCheckout(t.connectorRef, t.id);
        // A failed attempt leaves Wave's session open for another try: close it so the
        // failure we record is final (and the customer cannot pay a failed payin later).
        if (answer.state === "failed") await client.expireCheckout(t.connectorRef, t.id);
        return answer;
      },
      resubmitSafe: () => true,
      abandon: async (t) => {
        if (t.type === "payin" && t.connectorRef) await client.expireCheckout(t.connectorRef, t.id);
      },
  });
}
