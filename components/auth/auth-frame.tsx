"use client";

import Link from "next/link";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { LogoMark } from "@/components/ui/icons";

/** Sign-in, sign-up and invitation pages: one calm card, the language switch at hand. */
export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-emerald-50/60 to-slate-50">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link href="/" className="flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-emerald-600">
          <LogoMark className="h-8 w-8" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">Sika</span>
        </Link>
        <LocaleSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}
