"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/provider";
import { MERCHANT_COOKIE, setPreferenceCookie } from "@/components/shell/cookies";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { NewPasswordField } from "./password-field";
import { SignInForm, signInWithPassword } from "./sign-in-form";
import { enterSignedIn } from "./enter-signed-in";

interface Invitation {
  merchantId: string;
  merchantName: string;
  email: string;
  role: "owner" | "developer" | "viewer";
  state: "valid" | "expired" | "accepted" | "revoked";
}

function useGoToDashboard() {
  return (merchantId: string) => {
    // Land on the business just joined, whatever was chosen before.
    setPreferenceCookie(MERCHANT_COOKIE, merchantId);
    enterSignedIn("/dashboard");
  };
}

function NewAccountForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const t = useT();
  const client = useTRPCClient();
  const goToDashboard = useGoToDashboard();
  const signUp = useFormMutation(
    {
      mutationFn: async ({ name, password }: { name: string; password: string }) => {
        const joined = await client.invitation.signUp.mutate({ token, name, password });
        // The account exists but the session did not start: a generic failure (signing in works).
        if ((await signInWithPassword(joined.email, password)) !== true) throw new Error("signed up, not signed in");
        return joined;
      },
      onSuccess: (joined) => goToDashboard(joined.merchantId),
    },
    { formError: "inline" },
  );
  return (
    <form method="post"
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        signUp.mutate({ name: String(f.get("name") ?? ""), password: String(f.get("password") ?? "") });
      }}
    >
      <Field label={t("auth.email")}>{(p) => <Input {...p} value={invitation.email} readOnly disabled />}</Field>
      <Field label={t("auth.yourName")} optionalLabel={t("common.optional")}>
        {(p) => <Input {...p} name="name" autoComplete="name" />}
      </Field>
      <NewPasswordField error={signUp.fields.password} />
      <FormAlert message={signUp.formError} />
      {/* Still busy once signed in: the dashboard is on its way. */}
      <Button type="submit" className="w-full" loading={signUp.isPending || signUp.isSuccess}>
        {t("invite.createAndJoin")}
      </Button>
    </form>
  );
}

export function InviteView({ token, invitation, signedInEmail }: { token: string; invitation: Invitation | null; signedInEmail: string | null }) {
  const t = useT();
  const trpc = useTRPC();
  const [tab, setTab] = useState<"new" | "signin">("new");
  const goToDashboard = useGoToDashboard();
  // No field on this screen: a field error (the token) is the form's error.
  const accept = useFormMutation(trpc.invitation.accept.mutationOptions({ onSuccess: (r) => goToDashboard(r.merchantId) }), { fields: [], formError: "inline" });

  if (!invitation || invitation.state !== "valid") {
    const key = !invitation ? "invite.invalid" : invitation.state === "expired" ? "invite.expired" : invitation.state === "accepted" ? "invite.accepted" : "invite.revoked";
    return (
      <div role="alert">
        <h1 className="text-xl font-semibold text-slate-900">{t(key)}</h1>
        <a href={signedInEmail ? "/dashboard" : "/signin"} className="mt-4 inline-block text-sm font-medium text-emerald-700 hover:underline">
          {signedInEmail ? t("errors.goHome") : t("auth.signIn")} →
        </a>
      </div>
    );
  }

  const heading = (
    <>
      <h1 className="text-xl font-semibold text-slate-900">{t("invite.title", { merchant: invitation.merchantName })}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("invite.role", { role: t(`roles.${invitation.role}`) })}</p>
      <p className="mt-1 text-sm text-slate-500">{t("invite.forEmail", { email: invitation.email })}</p>
    </>
  );

  if (signedInEmail) {
    return (
      <div>
        {heading}
        <p className="mt-4 text-sm text-slate-500">{t("invite.signedInAs", { email: signedInEmail })}</p>
        <FormAlert className="mt-4" message={accept.formError} />
        <Button className="mt-6 w-full" onClick={() => accept.mutate({ token })} loading={accept.isPending}>
          {accept.isPending ? t("invite.accepting") : t("invite.accept")}
        </Button>
      </div>
    );
  }

  return (
    <div>
      {heading}
      <div role="tablist" aria-label={t("invite.accept")} className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 text-sm font-medium">
        {(["new", "signin"] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={tab === id ? "rounded-md bg-white px-3 py-1.5 text-slate-900 shadow-sm" : "rounded-md px-3 py-1.5 text-slate-600 hover:text-slate-900"}
          >
            {id === "new" ? t("invite.newAccount") : t("invite.signInToAccept")}
          </button>
        ))}
      </div>
      <div className="mt-6" role="tabpanel">
        {tab === "new" ? <NewAccountForm token={token} invitation={invitation} /> : <SignInForm next={`/invite/${token}`} heading={<span />} footer={<span />} />}
      </div>
    </div>
  );
}
