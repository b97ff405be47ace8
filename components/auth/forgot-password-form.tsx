"use client";

import Link from "next/link";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";

/** "Forgot password?": the same answer whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const request = useFormMutation(trpc.recovery.requestPasswordReset.mutationOptions(), { fields: ["email"], formError: "inline" });
  const sent = request.data;

  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("identity.forgotTitle")}</h1>
      <p className="mt-1 text-sm text-slate-500">{t("identity.forgotSubtitle")}</p>
      {sent ? (
        <div className="mt-6 space-y-3" role="status" data-testid="reset-requested">
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{t("identity.linkSent")}</p>
          {sent.mailConfigured ? null : <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("identity.mailOff")}</p>}
        </div>
      ) : (
        <form method="post"
          className="mt-6 space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate({ email: String(new FormData(e.currentTarget).get("email") ?? ""), locale });
          }}
        >
          <Field label={t("auth.email")} error={request.fields.email}>
            {(p) => <Input {...p} name="email" type="email" autoComplete="email" required autoFocus />}
          </Field>
          <FormAlert message={request.formError} />
          <Button type="submit" className="w-full" loading={request.isPending}>
            {t("identity.sendLink")}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          {t("identity.backToSignIn")}
        </Link>
      </p>
    </div>
  );
}
