"use client";

import { useT } from "@/components/i18n/provider";
import { Field, Input } from "@/components/ui/field";

/** The new password of a new account (sign-up, joining by invitation): 8 characters at least. */
export function NewPasswordField({ error }: { error?: string }) {
  const t = useT();
  return (
    <Field label={t("auth.password")} hint={t("auth.passwordHint")} error={error}>
      {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required minLength={8} />}
    </Field>
  );
}
