import { redirect } from "next/navigation";
import { getDb } from "@/server/db/client";
import { getSessionUser, listMemberships } from "@/server/auth/session";
import { ConsoleShell } from "@/components/console/console-shell";
import { TwoFactorGate } from "@/components/identity/two-factor-gate";
import { operatorTwoFactorRequired } from "@/server/auth/two-factor-policy";

export const dynamic = "force-dynamic";

/** The operator console. proxy.ts redirects non-operators; this re-checks against the database. */
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const db = await getDb();
  const user = await getSessionUser(db);
  if (!user) redirect("/signin?callbackUrl=/console");
  if (!user.isOperator) redirect("/dashboard");
  // Issue 22: in production the console refuses an operator without two-factor sign-in.
  if (operatorTwoFactorRequired() && !user.twoFactorEnabled) return <TwoFactorGate kind="operator" />;
  const hasTeam = (await listMemberships(db, user.id)).length > 0;
  return (
    <ConsoleShell email={user.email} hasTeam={hasTeam}>
      {children}
    </ConsoleShell>
  );
}
