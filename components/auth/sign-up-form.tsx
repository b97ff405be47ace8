"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrors, friendlyError } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { signInWithPassword } from "./sign-in-form";

/** Creates the business and its owner, then signs the owner in. */
export function SignUpForm() {
  const t = useT();
  const router = useRouter();
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      businessName: String(form.get("businessName") ?? ""),
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await signUp.mutateAsync(input);
      if ((await signInWithPassword(input.email, input.password)) === true) {
        router.replace("/dashboard");
        router.refresh();
        return;
      }
      setError(t("errors.generic"));
    } catch (err) {
      const f = fieldErrors(err);
      setFields(f);
      if (Object.keys(f).length === 0) setError(friendlyError(err, t));
    }
    setBusy(false);
  }

  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("auth.signUpTitle")}</h1>
      <p className="mt-1 text-sm text-slate-500">{t("auth.signUpSubtitle")}</p>
      <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <Field label={t("auth.businessName")} error={fields.businessName ?? fields.name}>
          {(p) => <Input {...p} name="businessName" autoComplete="organization" required autoFocus />}
        </Field>
        <Field label={t("auth.yourName")} optionalLabel={t("common.optional")}>
          {(p) => <Input {...p} name="name" autoComplete="name" />}
        </Field>
        <Field label={t("auth.email")} error={fields.email}>
          {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field label={t("auth.password")} hint={t("auth.passwordHint")} error={fields.password}>
          {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required minLength={8} />}
        </Field>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? t("auth.signingUp") : t("auth.signUp")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-500">
        {t("auth.haveAccount")}{" "}
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          {t("auth.signIn")}
        </Link>
      </p>
    </div>
  );
}
