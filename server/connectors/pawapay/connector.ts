import type { Transaction } from "../../db/schema";
import { liveConnector, uuidHandle } from "../live-connector";
import { OperatorError, type HttpOptions } from "../operator-http";
import type { RelatedRows } from "../types";
import { createPawapayClient, pawapayProvider, type PawapayConfig, type PawapayKind } from "./client";

/**
 * pawapay (D19), the aggregator: payin = deposit, payout = payout, refund of a payin that
 * went through pawaPay = refund of its deposit (other refunds go as payouts). The handle
 * is the UUID v4 depositId / payoutId / refundId, stored before the call and sent again
 * on every retry (pawaPay answers DUPLICATE_IGNORED). Status checks are by that id.
 */
const PREAUTH_TTL_MS = 10 * 60_000;

export function pawapayConnector(cfg: PawapayConfig, opts: HttpOptions) {
  const client = createPawapayClient(cfg, opts);
  // A pre-authorisation code (om_otp) is a credential: never stored, kept in memory from
  // the plan to the submission right after the commit.
  const preauth = new Map<string, { code: string; until: number }>();

  const refundsDeposit = (t: Transaction, related?: RelatedRows) =>
    t.type === "refund" && related?.refundOf?.connector === "pawapay" && related.refundOf.operatorHandle ? related.refundOf.operatorHandle : null;
  const kindOf = (t: Transaction, related?: RelatedRows): PawapayKind => (t.type === "payin" ? "deposits" : refundsDeposit(t, related) ? "refunds" : "payouts");

  function provider(t: Transaction): string {
    const code = pawapayProvider(cfg, t.countryCode, t.network);
    if (!code) throw new OperatorError("pawapay", "rejected", `pawaPay has no provider configured for ${t.network} in ${t.countryCode}`);
    return code;
  }

  function takePreauth(id: string): string | null {
    const p = preauth.get(id);
    preauth.delete(id);
    return p && p.until > Date.now() ? p.code : null;
  }

  return liveConnector({
    name: "pawapay",
    label: "pawaPay",
    wholeUnits: () => true,
    newHandle: () => uuidHandle(),
    planPayin: (input) => {
      if (input.omOtp) preauth.set(input.transactionId, { code: input.omOtp, until: Date.now() + PREAUTH_TTL_MS });
    },
    submit: (t, related) => {
      const kind = kindOf(t, related);
      return client.initiate({
        kind,
        id: t.operatorHandle ?? "",
        amount: t.amount,
        currency: t.currency,
        ...(kind === "refunds" ? { depositId: refundsDeposit(t, related) ?? "" } : { phone: t.phoneNumber, provider: provider(t) }),
        preAuthorisationCode: t.type === "payin" ? takePreauth(t.id) : null,
        clientReferenceId: t.id,
        requestId: t.id,
      });
    },
    query: (t, related) => client.status(kindOf(t, related), t.operatorHandle ?? "", t.id),
    resubmitSafe: () => true,
  });
}
