"use client";

import Link from "next/link";
import { useState } from "react";
import { signIn } from "next-auth/react";
import { useT } from "@/components/i18n/provider";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { enterSignedIn } from "./enter-signed-in";

/** The server's throttle message (server/auth/throttle.ts), shown as is. */
const THROTTLED = /^Too many attempts/;

/** A refusal from the credentials check, worded for the person (bad password, throttle). */
class SignInRefused extends Error {}

/** The sign-in's second step (server/auth/second-factor.ts) answers with these codes. */
export const TWO_FACTOR_REQUIRED = "two_factor_required";
export const TWO_FACTOR_INVALID = "two_factor_invalid";

/**
 * Signs in with next-auth credentials; true, or the throttle message, or a two-factor code
 * (TWO_FACTOR_REQUIRED / TWO_FACTOR_INVALID), or false.
 */
export async function signInWithPassword(email: string, password: string, second?: { code: string; remember: boolean }): Promise<boolean | string> {
  const res = await signIn("credentials", { email, password, ...(second ? { code: second.code, remember: second.remember ? "1" : "0" } : {}), redirect: false });
  if (res?.ok && !res.error) return true;
  if (res?.error === TWO_FACTOR_REQUIRED || res?.error === TWO_FACTOR_INVALID) return res.error;
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
  // After a right password on an account with two-factor sign-in: the code step.
  const [pending, setPending] = useState<{ email: string; password: string } | null>(null);
  const signInNow = useFormMutation(
    {
      mutationFn: async (input: { email: string; password: string; code?: string; remember?: boolean }) => {
        const second = input.code !== undefined ? { code: input.code, remember: Boolean(input.remember) } : undefined;
        const result = await signInWithPassword(input.email, input.password, second);
        if (result === TWO_FACTOR_REQUIRED) {
          setPending({ email: input.email, password: input.password });
          return false;
        }
        if (result === TWO_FACTOR_INVALID) throw new SignInRefused(t("identity.codeInvalid"));
        if (result !== true) throw new SignInRefused(typeof result === "string" ? t("security.tooManyAttempts") : t("auth.invalid"));
        return true;
      },
      onSuccess: (done) => {
        if (!done) return;
        enterSignedIn(sameOriginPath(next));
      },
    },
    // Anything but a refusal is the network: next-auth's fetch failed.
    { formError: "inline", describe: (err) => (err instanceof SignInRefused ? err.message : t("errors.network")) },
  );
  // Still busy once signed in: the page is on its way.
  const busy = signInNow.isPending || (signInNow.isSuccess && signInNow.data === true);

  if (pending) {
    return (
      <TwoFactorStep
        busy={busy}
        error={signInNow.formError}
        onSubmit={(code, remember) => signInNow.mutate({ ...pending, code, remember })}
        onBack={() => {
          setPending(null);
          signInNow.clearErrors();
        }}
      />
    );
  }

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
      <form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <Field label={t("auth.email")}>{(p) => <Input {...p} name="email" type="email" autoComplete="email" required autoFocus />}</Field>
        <Field label={t("auth.password")}>{(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required />}</Field>
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className="font-medium text-emerald-700 hover:underline">
            {t("identity.forgot")}
          </Link>
        </p>
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

/** The code step: a TOTP or recovery code, and "remember this device for 30 days". */
function TwoFactorStep({ busy, error, onSubmit, onBack }: { busy: boolean; error: string | null; onSubmit: (code: string, remember: boolean) => void; onBack: () => void }) {
  const t = useT();
  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("identity.codeTitle")}</h1>
      <p className="mt-1 text-sm text-slate-500">{t("identity.codeSubtitle")}</p>
      <form method="post"
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onSubmit(String(form.get("code") ?? "").trim(), form.get("remember") === "on");
        }}
      >
        <Field label={t("identity.code")} hint={t("identity.codeHint")}>
          {(p) => <Input {...p} name="code" inputMode="text" autoComplete="one-time-code" maxLength={16} required autoFocus className="font-mono tracking-widest" />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="remember" className="h-4 w-4 rounded border-slate-300 text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600" />
          {t("identity.remember")}
        </label>
        <FormAlert message={error} />
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? t("identity.verifyingCode") : t("identity.verifyCode")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <button type="button" onClick={onBack} className="font-medium text-emerald-700 hover:underline">
          {t("identity.otherAccount")}
        </button>
      </p>
    </div>
  );
}
