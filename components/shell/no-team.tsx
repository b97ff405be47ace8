"use client";

import { useT } from "@/components/i18n/provider";
import { LogoMark } from "@/components/ui/icons";
import { SignOutButton } from "./sign-out-button";

/** A signed-in user with no business (e.g. removed from their only team). */
export function NoTeam({ email }: { email: string }) {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <LogoMark className="h-10 w-10" />
      <h1 className="text-xl font-semibold">{t("auth.noTeam")}</h1>
      <p className="text-sm text-slate-500">{t("auth.noTeamHint")}</p>
      <p className="text-xs text-slate-400">{t("invite.signedInAs", { email })}</p>
      <div className="flex gap-2">
        <SignOutButton />
      </div>
    </main>
  );
}
