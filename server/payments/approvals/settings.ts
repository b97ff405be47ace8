import { and, count, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../../db/client";
import { memberships, payoutApprovalSettings, type Mode } from "../../db/schema";
import { AppError } from "../../errors";
import { toDecimalString, type Minor } from "../../money";
import { audited, type AuditScope } from "../../audit/actors";

/**
 * Payout approval settings (issue 22, maker-checker), per merchant and mode: a threshold
 * per currency (hundredths) and whether API payouts are held too. Read on every payout
 * that may be held, so they are cached in the process for a few seconds (like API keys);
 * a change clears this process's copy at once, other instances within SETTINGS_CACHE_MS.
 */
export interface ApprovalSettings {
  thresholds: Map<string, Minor>;
  holdApiPayouts: boolean;
}

export const SETTINGS_CACHE_MS = 5_000;
const NONE: ApprovalSettings = { thresholds: new Map(), holdApiPayouts: false };
const cache = new Map<string, { at: number; value: ApprovalSettings }>();
const cacheKey = (merchantId: string, mode: Mode) => `${merchantId}:${mode}`;

export async function getApprovalSettings(db: DbOrTx, input: { merchantId: string; mode: Mode }, opts: { fresh?: boolean } = {}): Promise<ApprovalSettings> {
  const key = cacheKey(input.merchantId, input.mode);
  const hit = cache.get(key);
  if (!opts.fresh && hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const [row] = await db
    .select()
    .from(payoutApprovalSettings)
    .where(and(eq(payoutApprovalSettings.merchantId, input.merchantId), eq(payoutApprovalSettings.mode, input.mode)));
  const value = row ? { thresholds: new Map(Object.entries(row.thresholds).map(([c, v]) => [c, BigInt(v)])), holdApiPayouts: row.holdApiPayouts } : NONE;
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** The settings as the dashboard and the audit log show them: amounts as decimal text. */
export function settingsView(s: ApprovalSettings): { thresholds: Record<string, string>; holdApiPayouts: boolean } {
  return { thresholds: Object.fromEntries([...s.thresholds].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, toDecimalString(v)])), holdApiPayouts: s.holdApiPayouts };
}

export const approvalErrors = {
  secondOwnerNeeded: () =>
    new AppError("conflict", "Payout approvals need a second owner to approve: make another team member an owner first."),
};

async function ownerCount(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")));
  return Number(row?.n ?? 0);
}

/**
 * Replaces the settings of one mode (owners, Settings page) and records before/after in
 * the audit log in the same transaction. Thresholds need a second owner (someone must be
 * able to approve); turning everything off never does.
 */
export async function saveApprovalSettings(
  db: Database,
  input: { merchantId: string; mode: Mode; thresholds: Map<string, Minor>; holdApiPayouts: boolean; updatedBy: string },
  scope: AuditScope,
): Promise<ApprovalSettings> {
  const before = await getApprovalSettings(db, input, { fresh: true });
  if (input.thresholds.size > 0 && (await ownerCount(db, input.merchantId)) < 2) throw approvalErrors.secondOwnerNeeded();
  const next: ApprovalSettings = { thresholds: input.thresholds, holdApiPayouts: input.holdApiPayouts };
  const stored = Object.fromEntries([...input.thresholds].map(([c, v]) => [c, v.toString()]));
  await audited(
    db,
    scope,
    (tx) =>
      tx
        .insert(payoutApprovalSettings)
        .values({ merchantId: input.merchantId, mode: input.mode, thresholds: stored, holdApiPayouts: input.holdApiPayouts, updatedBy: input.updatedBy })
        .onConflictDoUpdate({
          target: [payoutApprovalSettings.merchantId, payoutApprovalSettings.mode],
          set: { thresholds: stored, holdApiPayouts: input.holdApiPayouts, updatedBy: input.updatedBy, updatedAt: new Date() },
        }),
    () => ({
      merchantId: input.merchantId,
      mode: input.mode,
      action: "settings.payout_approvals_changed",
      target: { type: "payout_approval_settings", id: `${input.merchantId}:${input.mode}` },
      before: settingsView(before),
      after: settingsView(next),
    }),
  );
  cache.delete(cacheKey(input.merchantId, input.mode));
  return next;
}

/** Tests and the lead's tools: forget every cached setting of this process. */
export function forgetApprovalSettings(): void {
  cache.clear();
}
