import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { apiKeys, memberships, users, type MemberRole } from "../db/schema";
import { AppError, errors } from "../errors";
import { endSessions } from "../auth/user-sessions";
import { revokeKeysCreatedBy } from "../auth/api-keys";
import { recordAudit, type AuditActor, type AuditOrigin } from "../audit/record";

export interface TeamMember {
  userId: string;
  email: string;
  name: string | null;
  role: MemberRole;
  joinedAt: Date;
  lastSignInAt: Date | null;
  /** Active API keys this member created on the merchant (the removal dialog offers to revoke them). */
  activeKeys: number;
}

export async function listMembers(db: DbOrTx, merchantId: string): Promise<TeamMember[]> {
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastSignInAt: users.lastSignInAt,
      activeKeys: sql<number>`(select count(*)::int from ${apiKeys} where ${apiKeys.merchantId} = ${memberships.merchantId} and ${apiKeys.createdBy} = ${users.id} and ${apiKeys.revokedAt} is null)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.merchantId, merchantId))
    .orderBy(asc(memberships.createdAt));
}

/** Owners change roles and remove members; a team always keeps at least one owner. */
async function assertOwnerRemains(tx: DbOrTx, merchantId: string, userId: string): Promise<void> {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")))
    .for("update");
  if (owners.length === 1 && owners[0].userId === userId) {
    throw new AppError("conflict", "A team needs at least one owner. Make someone else owner first.");
  }
}

export async function changeMemberRole(db: Database, input: { merchantId: string; userId: string; role: MemberRole }): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.role !== "owner") await assertOwnerRemains(tx, input.merchantId, input.userId);
    const rows = await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)))
      .returning({ userId: memberships.userId });
    if (rows.length === 0) throw errors.notFound("Member not found");
  });
}

/**
 * Removes a member: their sessions end, and with `revokeKeys` (the dialog's default) the
 * API keys they created on this merchant are revoked in the same transaction (issue 19
 * §10), so a departed developer's copy of a key stops working. Both are audited.
 */
export async function removeMember(
  db: Database,
  input: { merchantId: string; userId: string; revokeKeys?: boolean; actor?: AuditActor; origin?: AuditOrigin },
): Promise<{ revokedKeys: number }> {
  return db.transaction(async (tx) => {
    await assertOwnerRemains(tx, input.merchantId, input.userId);
    const rows = await tx
      .delete(memberships)
      .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)))
      .returning({ userId: memberships.userId, role: memberships.role });
    if (rows.length === 0) throw errors.notFound("Member not found");
    // Their open sessions end too: a removed member must not keep a dashboard tab (D14).
    await endSessions(tx, input.userId);
    const revoked = input.revokeKeys === false ? [] : await revokeKeysCreatedBy(tx, { merchantId: input.merchantId, userId: input.userId });
    const actor: AuditActor = input.actor ?? { type: "system" };
    await recordAudit(tx, {
      merchantId: input.merchantId,
      actor,
      action: "member.removed",
      target: { type: "user", id: input.userId },
      before: { role: rows[0].role },
      after: { keys_revoked: revoked.map((k) => k.id) },
      origin: input.origin,
    });
    for (const k of revoked) {
      await recordAudit(tx, { merchantId: input.merchantId, mode: k.mode, actor, action: "api_key.revoked", target: { type: "api_key", id: k.id }, after: { display_prefix: k.displayPrefix, reason: "creator removed from the team" }, origin: input.origin });
    }
    return { revokedKeys: revoked.length };
  });
}
