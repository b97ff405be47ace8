"use client";

import { useState } from "react";
import { useLocale, useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, Input } from "@/components/ui/field";

/** Posts to the public POST /api/v1/status/subscriptions (the same endpoint integrators can call). */
export function SubscribeForm() {
  const t = useT();
  const locale = useLocale();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "done" | "error">("idle");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setState("sending");
    const res = await fetch("/api/v1/status/subscriptions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, locale }) }).catch(() => null);
    setState(res?.ok ? "done" : "error");
  }

  if (state === "done") {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
        {t("statusPage.subscribed")}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <Field label={t("statusPage.email")} className="flex-1">
        {(props) => <Input {...props} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Button type="submit" disabled={state === "sending" || !email}>
        {t("statusPage.subscribe")}
      </Button>
      {state === "error" ? <FormAlert message={t("statusPage.subscribeError")} className="sm:basis-full" /> : null}
    </form>
  );
}
