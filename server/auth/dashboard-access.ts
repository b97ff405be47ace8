import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema/columns";
import { assertEmailVerified } from "./email-verification";
import { assertTeamTwoFactor } from "./two-factor-policy";
import { MembershipDenied, requireMember } from "./session";
import { AppError } from "../errors";

/**
 * Issue 22's two rules for reading a business's data, beyond membership: live mode needs a
 * verified email address, and a business that requires two-factor sign-in needs it of the
 * reader. The tRPC tiers apply them (server/trpc/init.ts); the dashboard's plain downloads
 * (CSV exports) call this. Throws AppError (403 email_unverified / two_factor_required).
 */
export async function assertDashboardAccess(
  db: DbOrTx,
  user: { emailVerified: boolean; twoFactorEnabled: boolean },
  scope: { merchantId: string; mode: Mode },
): Promise<void> {
  await assertTeamTwoFactor(db, user, scope.merchantId);
  if (scope.mode === "live") assertEmailVerified(user, "live mode");
}

/**
 * The CSV downloads' one check: member of the business (else 404: D4, it does not exist for
 * you), then the two rules above (403). Null when the download may go ahead.
 */
export async function downloadRefusal(
  db: DbOrTx,
  user: { id: string; emailVerified: boolean; twoFactorEnabled: boolean },
  scope: { merchantId: string; mode: Mode },
): Promise<{ status: number; message: string } | null> {
  try {
    await requireMember(db, { userId: user.id, merchantId: scope.merchantId, minRole: "viewer" });
    await assertDashboardAccess(db, user, scope);
    return null;
  } catch (err) {
    if (err instanceof MembershipDenied) return { status: 404, message: "Not found." };
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
}
