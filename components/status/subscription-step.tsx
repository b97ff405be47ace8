"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/icons";

/** Confirm or unsubscribe: the page of the mail's link, acting only when the button is pressed. */
export function SubscriptionStep({ kind, token, act }: { kind: "confirm" | "unsubscribe"; token: string; act: (kind: "confirm" | "unsubscribe", token: string) => Promise<boolean> }) {
  const t = useT();
  const [result, setResult] = useState<boolean | null>(null);
  const [pending, start] = useTransition();
  const words =
    kind === "confirm"
      ? { title: t("statusPage.confirmTitle"), text: t("statusPage.confirmText"), button: t("statusPage.confirmButton"), done: t("statusPage.confirmed") }
      : { title: t("statusPage.unsubscribeTitle"), text: t("statusPage.unsubscribeText"), button: t("statusPage.unsubscribeButton"), done: t("statusPage.unsubscribed") };
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <LogoMark className="h-7 w-7" />
          <h1 className="text-lg font-semibold text-slate-900">{words.title}</h1>
        </div>
        {result === null ? (
          <>
            <p className="text-sm text-slate-600">{words.text}</p>
            <Button disabled={pending || !token} onClick={() => start(async () => setResult(await act(kind, token)))}>
              {words.button}
            </Button>
          </>
        ) : (
          <p role="status" className={result ? "text-sm text-emerald-800" : "text-sm text-red-700"}>
            {result ? words.done : t("statusPage.badLink")}
          </p>
        )}
        <Link href="/status" className="block text-sm text-emerald-700 underline">
          {t("statusPage.back")}
        </Link>
      </div>
    </main>
  );
}
