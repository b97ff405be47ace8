"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n/provider";
import type { MessageKey } from "@/components/i18n/messages";
import { cx } from "@/components/ui/cx";
import { BankIcon, CheckIcon, CloseIcon, CodeIcon, CogIcon, HomeIcon, InboxIcon, LinkIcon, ListIcon, LogoMark, MenuIcon, SendIcon, ShieldIcon, StatementIcon } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { LocaleSwitch } from "./locale-switch";
import { ModeSwitch } from "./mode-switch";
import { VerifyBanner } from "@/components/identity/verify-banner";
import { SignOutButton } from "./sign-out-button";
import { useMerchant } from "./merchant-context";
import { MERCHANT_COOKIE, setPreferenceCookie } from "./cookies";

const NAV: Array<{ href: string; label: MessageKey; icon: (p: { className?: string }) => React.ReactNode; exact?: boolean; ownersOnly?: boolean }> = [
  { href: "/dashboard", label: "nav.overview", icon: HomeIcon, exact: true },
  { href: "/dashboard/transactions", label: "nav.transactions", icon: ListIcon },
  { href: "/dashboard/payouts/bulk", label: "nav.bulkPayouts", icon: SendIcon },
  { href: "/dashboard/statements", label: "nav.statements", icon: StatementIcon },
  // Issue 21: payment links and settlements to the bank.
  { href: "/dashboard/payment-links", label: "links.nav", icon: LinkIcon },
  { href: "/dashboard/settlements", label: "settlements.nav", icon: BankIcon },
  { href: "/dashboard/developers", label: "nav.developers", icon: CodeIcon },
  { href: "/dashboard/kyc", label: "nav.kyc", icon: ShieldIcon },
  { href: "/dashboard/settings", label: "nav.settings", icon: CogIcon },
  // Issue 22: held payouts (every member sees them) and the audit log (owners)
  { href: "/dashboard/approvals", label: "control.nav.approvals", icon: CheckIcon },
  { href: "/dashboard/audit", label: "control.nav.audit", icon: InboxIcon, ownersOnly: true },
];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const pathname = usePathname();
  const { kycStatus, can } = useMerchant();
  return (
    <ul className="space-y-1">
      {NAV.filter((item) => !item.ownersOnly || can("owner")).map((item) => {
        const active = item.exact ? pathname === item.href : pathname.startsWith(item.href);
        const Icon = item.icon;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-600",
                active ? "bg-emerald-50 text-emerald-800" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              <Icon className={active ? "text-emerald-700" : "text-slate-400"} />
              <span className="flex-1">{t(item.label)}</span>
              {item.href === "/dashboard/kyc" && kycStatus !== "approved" ? (
                <span className="h-2 w-2 rounded-full bg-amber-500" aria-hidden />
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function MerchantSwitcher() {
  const t = useT();
  const router = useRouter();
  const { merchantId, merchantName, memberships, role } = useMerchant();
  if (memberships.length < 2) {
    return (
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900">{merchantName}</p>
        <p className="text-xs text-slate-500">{t(`roles.${role}`)}</p>
      </div>
    );
  }
  return (
    <label className="block min-w-0">
      <span className="sr-only">{t("nav.merchant")}</span>
      <select
        value={merchantId}
        onChange={(e) => {
          setPreferenceCookie(MERCHANT_COOKIE, e.target.value);
          router.refresh();
        }}
        className="w-full truncate rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-semibold"
      >
        {memberships.map((m) => (
          <option key={m.merchantId} value={m.merchantId}>
            {m.merchantName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The frame of every dashboard page: navigation, mode switch, language, account. */
export function DashboardShell({ children }: { children: React.ReactNode }) {
  const t = useT();
  const { mode, user, kycStatus } = useMerchant();
  const [menuOpen, setMenuOpen] = useState(false);
  // Escape closes the phone drawer, as it would a dialog.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-screen lg:pl-64">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("common.skipToContent")}
      </a>

      {/* Sidebar: fixed on large screens, a drawer on phones. */}
      <aside
        id="sidebar"
        className={cx(
          "fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-slate-200 bg-white",
          menuOpen ? "flex" : "hidden lg:flex",
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-100 px-4">
          <Link href="/dashboard" className="flex items-center gap-2" onClick={() => setMenuOpen(false)}>
            <LogoMark className="h-7 w-7" />
            <span className="text-lg font-semibold tracking-tight">Sika</span>
          </Link>
          <button type="button" className="rounded p-1 text-slate-500 hover:bg-slate-100 lg:hidden" onClick={() => setMenuOpen(false)} aria-label={t("common.close")}>
            <CloseIcon />
          </button>
        </div>
        <div className="border-b border-slate-100 px-4 py-3">
          <MerchantSwitcher />
        </div>
        <nav aria-label={t("nav.mainNavigation")} className="flex-1 overflow-y-auto px-3 py-4">
          <NavLinks onNavigate={() => setMenuOpen(false)} />
          {user.isOperator ? (
            <Link href="/console" className="mt-6 block rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100">
              {t("nav.console")} →
            </Link>
          ) : null}
        </nav>
        <div className="border-t border-slate-100 px-4 py-3">
          <p className="truncate text-xs text-slate-500" title={user.email}>
            {user.email}
          </p>
          <SignOutButton className="-ml-3 mt-1" />
        </div>
      </aside>
      {menuOpen ? <div className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden" onClick={() => setMenuOpen(false)} aria-hidden /> : null}

      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <button
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            onClick={() => setMenuOpen(true)}
            aria-expanded={menuOpen}
            aria-controls="sidebar"
          >
            <MenuIcon />
            <span className="sr-only">{t("nav.menu")}</span>
          </button>
          <Link href="/dashboard" className="flex items-center gap-2 lg:hidden" aria-label="Sika">
            <LogoMark className="h-7 w-7" />
          </Link>
          {kycStatus !== "approved" ? (
            <Link href="/dashboard/kyc" className="hidden items-center gap-2 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:inline-flex">
              <span className="h-2 w-2 rounded-full bg-amber-500" aria-hidden />
              {t(kycStatus === "pending" ? "nav.kycPending" : "nav.kycCta")} →
            </Link>
          ) : null}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <ModeSwitch />
            <LocaleSwitch signedIn />
          </div>
        </div>
        <VerifyBanner />
        {mode === "test" ? (
          <div className="border-t border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-xs font-medium text-amber-900 sm:px-6" role="note">
            <Badge tone="amber" className="mr-2">
              {t("nav.test")}
            </Badge>
            {t("nav.testBanner")}
          </div>
        ) : null}
      </header>

      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
