"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { CurrencySelect } from "@/components/ui/choices";
import { Field, Input } from "@/components/ui/field";
import { newAttemptKey } from "@/components/ui/attempt-key";


/**
 * Test mode only: credits the test wallet so payouts can be tried. One key per opening, a new
 * one on any edit: a retry after a dropped connection credits once (balances.topUpTest).
 */
export function TopUpButton() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const [open, setOpen] = useState(false);
  const [attemptKey, setAttemptKey] = useState("");
  const openDialog = () => (setAttemptKey(newAttemptKey()), setOpen(true));
  const topUp = useFormMutation(
    trpc.balances.topUpTest.mutationOptions({
      onSuccess: (r, vars) => {
        setOpen(false);
        toast.success(t("topUp.done", { amount: formatMoney(vars.amount.replace(/\s/g, "").replace(",", "."), r.currency, locale) }));
        void queryClient.invalidateQueries({ queryKey: trpc.overview.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.balances.pathKey() });
      },
    }),
  );
  const { fields } = topUp;
  return (
    <>
      <Button variant="secondary" onClick={openDialog}>
        {t("topUp.title")}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("topUp.title")}
        formId="top-up-form"
        submitLabel={t("topUp.submit")}
        cancelLabel={t("common.cancel")}
        loading={topUp.isPending}
      >
        <p className="mb-4">{t("topUp.body")}</p>
        <form
          id="top-up-form"
          className="grid grid-cols-[1fr_8rem] gap-3"
          noValidate
          onChange={() => setAttemptKey(newAttemptKey())}
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            topUp.mutate({ ...scope, currency: String(f.get("currency")), amount: String(f.get("amount") ?? ""), idempotencyKey: attemptKey });
          }}
        >
          <Field label={t("topUp.amount")} error={fields.amount}>
            {(p) => <Input {...p} name="amount" inputMode="decimal" defaultValue="100000" required autoFocus />}
          </Field>
          <Field label={t("topUp.currency")} error={fields.currency}>
            {(p) => <CurrencySelect {...p} name="currency" defaultValue="XOF" />}
          </Field>
        </form>
      </FormDialog>
    </>
  );
}
