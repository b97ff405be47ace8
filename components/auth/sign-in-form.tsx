"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useT } from "@/components/i18n/provider";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";

/** The server's throttle message (server/auth/throttle.ts), shown as is. */
const THROTTLED = /^Too many attempts/;

/** A refusal from the credentials check, worded for the person (bad password, throttle). */
class SignInRefused extends Error {}

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
  const signInNow = useFormMutation(
    {
      mutationFn: async ({ email, password }: { email: string; password: string }) => {
        const result = await signInWithPassword(email, password);
        if (result !== true) throw new SignInRefused(typeof result === "string" ? t("security.tooManyAttempts") : t("auth.invalid"));
      },
      onSuccess: () => {
        router.replace(sameOriginPath(next));
        router.refresh();
      },
    },
    // Anything but a refusal is the network: next-auth's fetch failed.
    { formError: "inline", describe: (err) => (err instanceof SignInRefused ? err.message : t("errors.network")) },
  );
  // Still busy once signed in: the page is on its way.
  const busy = signInNow.isPending || signInNow.isSuccess;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    signInNow.mutate({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
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
        <FormAlert message={signInNow.formError} />
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
