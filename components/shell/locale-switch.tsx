"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useTransition } from "react";
import { useLocale, useT } from "@/components/i18n/provider";
import { LOCALE_COOKIE, type Locale } from "@/components/i18n/messages";
import { useTRPC } from "@/components/trpc/client";
import { cx } from "@/components/ui/cx";
import { setPreferenceCookie } from "./cookies";

/** EN | FR. The cookie makes the choice stick; signed-in users also keep it on their profile. */
export function LocaleSwitch({ signedIn = false, className }: { signedIn?: boolean; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const trpc = useTRPC();
  const save = useMutation(trpc.account.setLocale.mutationOptions());
  const [pending, startTransition] = useTransition();

  function choose(next: Locale) {
    if (next === locale) return;
    setPreferenceCookie(LOCALE_COOKIE, next);
    if (signedIn) save.mutate({ locale: next });
    startTransition(() => router.refresh());
  }

  return (
    <div role="group" aria-label={t("nav.language")} className={cx("inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-xs font-medium", className)} aria-busy={pending || undefined}>
      {(["en", "fr"] as const).map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => choose(l)}
          className={cx(
            "rounded-md px-2 py-1 uppercase focus-visible:outline-2 focus-visible:outline-emerald-600",
            l === locale ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {l}
        </button>
      ))}
    </div>
  );
}
