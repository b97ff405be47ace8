"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/components/i18n/provider";
import type { MessageKey } from "@/components/i18n/messages";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { cx } from "@/components/ui/cx";
import { LogoMark } from "@/components/ui/icons";

const NAV: Array<{ href: string; label: MessageKey; exact?: boolean }> = [
  { href: "/console", label: "console.merchants", exact: true },
  { href: "/console/kyc", label: "console.kyc" },
  { href: "/console/fees", label: "console.fees" },
  { href: "/console/live", label: "console.liveRails" },
  { href: "/console/audit", label: "control.nav.audit" },
  { href: "/console/status", label: "statusPage.console.nav" },
  { href: "/console/settlements", label: "consoleSettlements.nav" },
];

export function ConsoleShell({ email, hasTeam, children }: { email: string; hasTeam: boolean; children: React.ReactNode }) {
  const t = useT();
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-800 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link href="/console" className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-semibold">Sika</span>
            <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs font-medium text-slate-200">{t("console.title")}</span>
          </Link>
          <nav aria-label={t("nav.mainNavigation")} className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex gap-1 overflow-x-auto">
              {NAV.map((n) => {
                const active = n.exact ? pathname === n.href || pathname.startsWith("/console/merchants") : pathname.startsWith(n.href);
                return (
                  <li key={n.href}>
                    <Link
                      href={n.href}
                      aria-current={active ? "page" : undefined}
                      className={cx("block whitespace-nowrap rounded-md px-3 py-1.5 text-sm", active ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white")}
                    >
                      {t(n.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {hasTeam ? (
              <Link href="/dashboard" className="hidden text-sm text-slate-300 hover:text-white sm:inline">
                {t("nav.overview")}
              </Link>
            ) : null}
            <LocaleSwitch signedIn />
            <span className="hidden max-w-[12rem] truncate text-xs text-slate-400 md:inline">{email}</span>
            <SignOutButton variant="inverse" />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
