import type { MessageKey } from "@/components/i18n/messages";

/**
 * The audit log's actions (issue 22) as the pages offer them in the filter, each with its
 * words in messages/*.json (`control.actions.<action with _>`). Other features add their
 * own actions: an action without words is shown as recorded.
 */
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.revoked",
  "webhook.url_changed",
  "webhook.secret_rotated",
  "webhook.secret_revealed",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.secret_revealed",
  "team.invitation_created",
  "team.invitation_revoked",
  "team.role_changed",
  "team.member_removed",
  "merchant.created",
  "merchant.renamed",
  "kyc.submitted",
  "kyc.approved",
  "kyc.rejected",
  "kyc.status_set",
  "settings.payout_approvals_changed",
  "payout.created",
  "payout.held_for_approval",
  "payout.approved",
  "payout.rejected",
  "bulk_payout.created",
  "bulk_payout.held_for_approval",
  "refund.created",
  "wallet.test_top_up",
  "wallet.credited",
  "fee_rule.updated",
  "operator.created",
  "operator.granted",
] as const;

export const actionKey = (action: string) => `control.actions.${action.replaceAll(".", "_")}` as MessageKey;

/** "rate_bps: 150 → 200", "url: https://a → https://b": what changed, in one short line per field. */
export function describeChange(before: unknown, after: unknown): string[] {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const text = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return keys.flatMap((k) => {
    if (!(k in b)) return [`${k}: ${text(a[k])}`];
    if (!(k in a)) return [`${k}: ${text(b[k])}`];
    return text(b[k]) === text(a[k]) ? [] : [`${k}: ${text(b[k])} → ${text(a[k])}`];
  });
}

/** Saves text as a file in the browser (the CSV export). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
