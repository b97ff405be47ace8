"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** The server's throttle message (server/auth/throttle.ts), shown as is. */
const THROTTLED = /^Too many attempts/;

/** Signs in with next-auth credentials; true, or the throttle message, or false. */
export async function signInWithPassword(email: string, password: string): Promise<boolean | string> {
  const res = await signIn("credentials", { email, password, redirect: false });
  if (res?.ok && !res.error) return true;
  return res?.error && THROTTLED.test(res.error) ? res.error : false;
}

/**
 * Where to go after sign-in: a same-origin path only (the page sanitises it too, this is
 * the last check before navigating): `/\example.org`, `//example.org`, `https://…` → /dashboard.
 */
function sameOriginPath(next: string): string {
  if (!next.startsWith("/") || next.startsWith("//") || /[\\\s\u0000-\u001f]/.test(next)) return "/dashboard";
  try {
    const url = new URL(next, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : "/dashboard";
  } catch {
    return "/dashboard";
  }
}

export function SignInForm({ next, heading, footer }: { next: string; heading?: React.ReactNode; footer?: React.ReactNode }) {
  const t = useT();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signInWithPassword(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (result === true) {
        router.replace(sameOriginPath(next));
        router.refresh();
        return;
      }
      setError(typeof result === "string" ? result : t("auth.invalid"));
    } catch {
      setError(t("errors.network"));
    }
    setBusy(false);
  }

  return (
    <div>
      {heading ?? (
        <>
          <h1 className="text-xl font-semibold text-slate-900">{t("auth.signInTitle")}</h1>
          <p className="mt-1 text-sm text-slate-500">{t("auth.signInSubtitle")}</p>
        </>
      )}
      <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <Field label={t("auth.email")}>{(p) => <Input {...p} name="email" type="email" autoComplete="email" required autoFocus />}</Field>
        <Field label={t("auth.password")}>{(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? t("auth.signingIn") : t("auth.signIn")}
        </Button>
      </form>
      {footer ?? (
        <p className="mt-6 text-center text-sm text-slate-500">
          {t("auth.noAccount")}{" "}
          <Link href="/signup" className="font-medium text-emerald-700 hover:underline">
            {t("auth.createAccount")}
          </Link>
        </p>
      )}
    </div>
  );
}
