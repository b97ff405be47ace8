"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { CountryCurrencyFields } from "@/components/payment-links/country-currency-fields";
import { Field, FormAlert, Input } from "@/components/ui/field";

/** UEMOA and CEMAC: RIB/IBAN; elsewhere an account number and a branch code (server/settlements/bank-formats.ts). */
const IBAN_COUNTRIES = new Set(["BF", "BJ", "CI", "ML", "SN", "TG", "CM", "CG"]);
const FIELD_OF = { holderName: "holderName", holder_name: "holderName", bankName: "bankName", bank_name: "bankName", countryCode: "countryCode", country_code: "countryCode", currency: "currency", accountNumber: "accountNumber", account_number: "accountNumber", branchCode: "branchCode", branch_code: "branchCode", bankCode: "bankCode", bank_code: "bankCode" };

export function AddBankAccountButton() {
  const t = useT();
  const trpc = useTRPC();
  const scope = useScope();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [countryCode, setCountryCode] = useState("CI");
  const iban = IBAN_COUNTRIES.has(countryCode);
  const add = useFormMutation(
    trpc.settlements.addAccount.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        toast.success(t("settlements.accountAdded"));
        void queryClient.invalidateQueries({ queryKey: trpc.settlements.pathKey() });
      },
    }),
    { fields: FIELD_OF, formError: "inline" },
  );
  const err = (f: string) => add.fields[f];
  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "");
    add.mutate({ ...scope, holderName: text("holderName"), bankName: text("bankName"), countryCode, currency: text("currency") || undefined, accountNumber: text("accountNumber"), branchCode: text("branchCode") || undefined, bankCode: text("bankCode") || undefined });
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="add-bank-account">
        {t("settlements.addAccount")}
      </Button>
      <FormDialog open={open} onClose={() => (setOpen(false), add.clearErrors())} title={t("settlements.addAccount")} formId="bank-account-form" submitLabel={t("settlements.addAccount")} cancelLabel={t("common.cancel")} loading={add.isPending}>
        <form id="bank-account-form" className="space-y-4" onSubmit={submit} noValidate>
          <Field label={t("settlements.holderName")} error={err("holderName")}>{(p) => <Input {...p} name="holderName" autoComplete="organization" />}</Field>
          <Field label={t("settlements.bankName")} error={err("bankName")}>{(p) => <Input {...p} name="bankName" />}</Field>
          <CountryCurrencyFields countryCode={countryCode} onCountry={setCountryCode} errors={{ countryCode: err("countryCode"), currency: err("currency") }} />
          <Field label={iban ? t("settlements.accountNumberIban") : t("settlements.accountNumber")} hint={iban ? t("settlements.accountNumberIbanHint") : t("settlements.accountNumberHint")} error={err("accountNumber")}>
            {(p) => <Input {...p} name="accountNumber" autoComplete="off" spellCheck={false} className="font-mono" />}
          </Field>
          {!iban ? (
            <Field label={t("settlements.branchCode")} error={err("branchCode")}>{(p) => <Input {...p} name="branchCode" inputMode="numeric" />}</Field>
          ) : null}
          <Field label={t("settlements.bankCode")} optionalLabel={t("links.optional")} error={err("bankCode")}>{(p) => <Input {...p} name="bankCode" className="font-mono uppercase" />}</Field>
          <FormAlert message={add.formError} />
        </form>
      </FormDialog>
    </>
  );
}
