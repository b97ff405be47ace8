"use client";

import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import type { HostedApproval } from "@/server/payment-links/hosted-pay";

/**
 * The payer's approval step on a hosted page, in the payer's language: the USSD code to
 * dial (large, and a tel: link that opens the phone's dialer with it) with Guinea's menu
 * path, or the request waiting on the phone. The API's `instructions` say the same in
 * English HTML; both come from approvalStep (server/payments/payin-authorization.ts).
 */
export function ApprovalText({ approval }: { approval: HostedApproval }) {
  const t = useT();
  const locale = useLocale();
  const amount = formatMoney(approval.amount, approval.currency, locale);
  if (approval.kind === "approve_on_phone") {
    return <p>{t("pay.approve.onPhone", { amount, phone: approval.phone, network: approval.network })}</p>;
  }
  return (
    <div className="space-y-2">
      <p>{t("pay.approve.dial", { amount, network: approval.network })}</p>
      {/* "#" is a fragment in a URI: escaped, the dialer receives the whole code. */}
      <a href={`tel:${encodeURIComponent(approval.code)}`} className="block rounded-md bg-white py-2 text-center font-mono text-2xl font-semibold tracking-wider text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600" data-testid="pay-dial-code">
        {approval.code}
      </a>
      {approval.menu.length > 0 ? <p>{t("pay.approve.menu", { path: approval.menu.join(" › ") })}</p> : null}
      <p>{t("pay.approve.follow")}</p>
    </div>
  );
}
