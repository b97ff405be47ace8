import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships, merchants } from "../db/schema";
import { env } from "../env";
import { AppError } from "../errors";

/**
 * Who must have two-factor sign-in (issue 22):
 *   - every member of a team whose owner requires it (merchants.require_two_factor): the
 *     team's pages and procedures refuse them until they turn it on (their own account
 *     settings stay open, so they can);
 *   - every operator in production: the console refuses an operator without it. Outside
 *     production (development, the vitest suites) the console only reminds them; the e2e
 *     suite runs the production build, so its operator is enrolled by the admin CLI.
 */
export function operatorTwoFactorRequired(): boolean {
  return env().NODE_ENV === "production";
}

export function assertOperatorTwoFactor(user: { twoFactorEnabled: boolean }): void {
  if (operatorTwoFactorRequired() && !user.twoFactorEnabled) {
    throw new AppError("two_factor_required", "The console needs two-factor sign-in: turn it on in your account settings first.");
  }
}

export async function teamRequiresTwoFactor(db: DbOrTx, merchantId: string): Promise<boolean> {
  const [row] = await db.select({ required: merchants.requireTwoFactor }).from(merchants).where(eq(merchants.id, merchantId));
  return Boolean(row?.required);
}

export async function assertTeamTwoFactor(db: DbOrTx, user: { twoFactorEnabled: boolean }, merchantId: string): Promise<void> {
  if (user.twoFactorEnabled) return;
  if (await teamRequiresTwoFactor(db, merchantId)) {
    throw new AppError("two_factor_required", "This team requires two-factor sign-in: turn it on in Settings to continue.");
  }
}

/** The teams of a user that require it (turning it off is refused while there is one). */
export async function teamsRequiringTwoFactor(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: merchants.name })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(and(eq(memberships.userId, userId), eq(merchants.requireTwoFactor, true)));
  return rows.map((r) => r.name);
}
