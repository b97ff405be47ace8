"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";

/** The mailed reset link's page: checks the link, then takes the new password once. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT();
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.recovery.resetLinkStatus.queryOptions({ token }), enabled: token.length >= 20, retry: false });
  const reset = useFormMutation(trpc.recovery.resetPassword.mutationOptions(), { fields: { newPassword: "newPassword" }, formError: "inline" });
  const usable = token.length >= 20 && status.data?.usable === true;

  let content: React.ReactNode;
  if (reset.isSuccess) {
    content = (
      <div className="mt-6 space-y-4" role="status" data-testid="reset-done">
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{t("identity.resetDone")}</p>
        <Link href="/signin" className="block text-center text-sm font-medium text-emerald-700 hover:underline">
          {t("auth.signIn")}
        </Link>
      </div>
    );
  } else if (token.length >= 20 && status.isPending) {
    content = <p className="mt-6 text-sm text-slate-500">{t("identity.verifying")}</p>;
  } else if (!usable) {
    content = (
      <div className="mt-6 space-y-4">
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert">
          {t("identity.linkInvalid")}
        </p>
        <Link href="/forgot-password" className="block text-center text-sm font-medium text-emerald-700 hover:underline">
          {t("identity.askNewLink")}
        </Link>
      </div>
    );
  } else {
    content = (
      <form method="post"
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reset.mutate({ token, newPassword: String(new FormData(e.currentTarget).get("newPassword") ?? "") });
        }}
      >
        <Field label={t("identity.newPassword")} hint={t("auth.passwordHint")} error={reset.fields.newPassword}>
          {(p) => <Input {...p} name="newPassword" type="password" autoComplete="new-password" minLength={8} required autoFocus />}
        </Field>
        <FormAlert message={reset.formError} />
        <Button type="submit" className="w-full" loading={reset.isPending}>
          {t("identity.savePassword")}
        </Button>
      </form>
    );
  }
  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("identity.resetTitle")}</h1>
      <p className="mt-1 text-sm text-slate-500">{t("identity.resetSubtitle")}</p>
      {content}
    </div>
  );
}
