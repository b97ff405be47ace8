import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db/client";
import { getSessionUser, listMemberships } from "@/server/auth/session";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { MerchantProvider } from "@/components/shell/merchant-context";
import { MERCHANT_COOKIE, MODE_COOKIE } from "@/components/shell/cookies";
import { NoTeam } from "@/components/shell/no-team";
import { TwoFactorGate } from "@/components/identity/two-factor-gate";
import { teamRequiresTwoFactor } from "@/server/auth/two-factor-policy";

export const dynamic = "force-dynamic";

/**
 * Every /dashboard page: the session user (proxy.ts already sent strangers to
 * /signin; this is the authoritative check), the business they act for (cookie,
 * else their first membership) and the mode (cookie, test by default).
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const db = await getDb();
  const user = await getSessionUser(db);
  if (!user) redirect("/signin?callbackUrl=/dashboard");
  const memberships = await listMemberships(db, user.id);
  if (memberships.length === 0) {
    if (user.isOperator) redirect("/console");
    return <NoTeam email={user.email} />;
  }
  const jar = await cookies();
  const wanted = jar.get(MERCHANT_COOKIE)?.value;
  const current = memberships.find((m) => m.merchantId === wanted) ?? memberships[0];
  // Live mode waits for a confirmed email address (issue 22): an unverified user sees test.
  const initialMode = jar.get(MODE_COOKIE)?.value === "live" && user.emailVerified ? "live" : "test";
  // A business whose owner requires two-factor sign-in: nothing of it until the member has it.
  if (!user.twoFactorEnabled && (await teamRequiresTwoFactor(db, current.merchantId))) return <TwoFactorGate kind="team" business={current.merchantName} />;
  return (
    <MerchantProvider
      key={current.merchantId}
      current={current}
      memberships={memberships}
      user={{ email: user.email, name: user.name, isOperator: user.isOperator, emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled }}
      initialMode={initialMode}
    >
      <DashboardShell>{children}</DashboardShell>
    </MerchantProvider>
  );
}
