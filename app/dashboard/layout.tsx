import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db/client";
import { getSessionUser, listMemberships } from "@/server/auth/session";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { MerchantProvider } from "@/components/shell/merchant-context";
import { MERCHANT_COOKIE, MODE_COOKIE } from "@/components/shell/cookies";
import { NoTeam } from "@/components/shell/no-team";

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
  const initialMode = jar.get(MODE_COOKIE)?.value === "live" ? "live" : "test";
  return (
    <MerchantProvider
      key={current.merchantId}
      current={current}
      memberships={memberships}
      user={{ email: user.email, name: user.name, isOperator: user.isOperator }}
      initialMode={initialMode}
    >
      <DashboardShell>{children}</DashboardShell>
    </MerchantProvider>
  );
}
