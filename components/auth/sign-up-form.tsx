"use client";

import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPCClient } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { friendlyError } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { NewPasswordField } from "./password-field";
import { signInWithPassword } from "./sign-in-form";
import { enterSignedIn } from "./enter-signed-in";

class SignUpNotSignedIn extends Error {
  constructor(readonly throttled: string | null) {
    super("signed up, not signed in");
  }
}

/** Creates the business and its owner, then signs the owner in. */
export function SignUpForm() {
  const t = useT();
  const locale = useLocale();
  const client = useTRPCClient();
  const signUp = useFormMutation(
    {
      mutationFn: async (input: { businessName: string; name: string; email: string; password: string }) => {
        // The page's language becomes the account's (the verification mail is written in it).
        await client.account.signUp.mutate({ ...input, locale });
        // Sign-up answers alike for a new and a known address (issue 19 §8); signing in with
        // these details works only for a new one. The message covers both cases.
        const signedIn = await signInWithPassword(input.email, input.password);
        if (signedIn !== true) throw new SignUpNotSignedIn(typeof signedIn === "string" ? signedIn : null);
      },
      onSuccess: () => {
        enterSignedIn("/dashboard");
      },
    },
    { formError: "inline", describe: (err) => (err instanceof SignUpNotSignedIn ? (err.throttled ? t("security.tooManyAttempts") : t("security.signUpThenSignIn")) : friendlyError(err, t)) },
  );
  const { fields } = signUp;
  // Still busy once signed in: the dashboard is on its way.
  const busy = signUp.isPending || signUp.isSuccess;

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    signUp.mutate({
      businessName: String(form.get("businessName") ?? ""),
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
  }

  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("auth.signUpTitle")}</h1>
      <p className="mt-1 text-sm text-slate-500">{t("auth.signUpSubtitle")}</p>
      <form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        <Field label={t("auth.businessName")} error={fields.businessName ?? fields.name}>
          {(p) => <Input {...p} name="businessName" autoComplete="organization" required autoFocus />}
        </Field>
        <Field label={t("auth.yourName")} optionalLabel={t("common.optional")}>
          {(p) => <Input {...p} name="name" autoComplete="name" />}
        </Field>
        <Field label={t("auth.email")} error={fields.email}>
          {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
        </Field>
        <NewPasswordField error={fields.password} />
        <FormAlert message={signUp.formError} />
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
