"use client";

import { useRouter } from "next/navigation";
import { useT } from "@/components/i18n/provider";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { LogoMark } from "@/components/ui/icons";
import { TwoFactorCard } from "./two-factor-card";

/**
 * Shown instead of a business's pages when its owner requires two-factor sign-in, and
 * instead of the console for an operator in production, until the person turns it on.
 */
export function TwoFactorGate({ kind, business }: { kind: "team" | "operator"; business?: string }) {
  const t = useT();
  const router = useRouter();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <span className="flex items-center gap-2">
          <LogoMark className="h-8 w-8" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">Sika</span>
        </span>
        <div className="flex items-center gap-2">
          <LocaleSwitch signedIn />
          <SignOutButton />
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-4 px-4 pb-16 pt-4" data-testid="two-factor-gate">
        <h1 className="text-xl font-semibold text-slate-900">{t(kind === "team" ? "identity.teamRequiredTitle" : "identity.operatorRequiredTitle")}</h1>
        <p className="text-sm text-slate-600">{kind === "team" ? t("identity.teamRequiredHint", { business: business ?? "" }) : t("identity.operatorRequiredHint")}</p>
        <TwoFactorCard onEnabled={() => router.refresh()} />
      </main>
    </div>
  );
}
