import { and, asc, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { memberships, users, type MemberRole } from "../db/schema";
import { AppError, errors } from "../errors";
import { endSessions } from "../auth/session";

export interface TeamMember {
  userId: string;
  email: string;
  name: string | null;
  role: MemberRole;
  joinedAt: Date;
  lastSignInAt: Date | null;
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

export async function removeMember(db: Database, input: { merchantId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await assertOwnerRemains(tx, input.merchantId, input.userId);
    const rows = await tx
      .delete(memberships)
      .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.userId, input.userId)))
      .returning({ userId: memberships.userId });
    if (rows.length === 0) throw errors.notFound("Member not found");
    // Their open sessions end too: a removed member must not keep a dashboard tab (D14).
    await endSessions(tx, input.userId);
  });
}
