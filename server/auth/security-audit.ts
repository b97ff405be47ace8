import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships } from "../db/schema";
import { recordAudit, type AuditOrigin } from "../audit/record";
import type { AuditAction } from "../vocabulary";

/**
 * A person's security events (sign-in, password changed or reset, 2FA on/off, email
 * verified) belong to the person, not to one business: each team they belong to gets the
 * row in its audit log (its owners see what happens to their members' accounts), and a
 * person in no team (an operator) gets one row without a merchant.
 */
export async function recordSecurityEvent(
  db: DbOrTx,
  input: { userId: string; email: string; action: AuditAction; origin?: AuditOrigin; after?: Record<string, unknown> },
): Promise<void> {
  const teams = await db.select({ merchantId: memberships.merchantId }).from(memberships).where(eq(memberships.userId, input.userId));
  const merchantIds = teams.length ? teams.map((t) => t.merchantId) : [null];
  for (const merchantId of merchantIds) {
    await recordAudit(db, {
      merchantId,
      actor: { type: "user", id: input.userId, label: input.email },
      action: input.action,
      target: { type: "user", id: input.userId },
      after: input.after,
      origin: input.origin,
    });
  }
}
