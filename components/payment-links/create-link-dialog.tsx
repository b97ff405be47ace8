"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { coverage } from "@/server/catalog/coverage";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { CountryCurrencyFields } from "@/components/payment-links/country-currency-fields";
import { DateSelect } from "@/components/ui/date-select";
import { Field, FormAlert, Input, Textarea } from "@/components/ui/field";

const FIELD_OF = {
  title: "title",
  description: "description",
  countryCode: "countryCode",
  country_code: "countryCode",
  currency: "currency",
  amount: "amount",
  minAmount: "minAmount",
  min_amount: "minAmount",
  maxAmount: "maxAmount",
  max_amount: "maxAmount",
  maxPayments: "maxPayments",
  expiresAt: "expiresAt",
  expires_at: "expiresAt",
};

/**
 * The link's last day as day / month / year selects in the page's language (the browser's
 * date input showed mm/dd/yyyy on a French page). The form still posts `expiresAt` as
 * "YYYY-MM-DD" (empty when no whole day is chosen), through a hidden field. It lives in the
 * form so it starts empty each time the dialog opens, like the other fields.
 */
function ExpiryField({ error }: { error?: string }) {
  const t = useT();
  const [expiresAt, setExpiresAt] = useState<string | undefined>(undefined);
  const thisYear = new Date().getFullYear();
  return (
    <div className="sm:col-span-2">
      <DateSelect
        label={t("links.expiresAt")}
        optionalLabel={t("links.optional")}
        value={expiresAt}
        onChange={setExpiresAt}
        error={error}
        firstYear={thisYear}
        lastYear={thisYear + 5}
        testId="link-expires"
      />
      <input type="hidden" name="expiresAt" value={expiresAt ?? ""} />
    </div>
  );
}

/** "Create a link": title, country, fixed amount or the payer's choice within bounds, fields to collect, limits. */
export function CreateLinkButton() {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const scope = useScope();
  const [open, setOpen] = useState(false);
  const [countryCode, setCountryCode] = useState("CI");
  const [amountKind, setAmountKind] = useState<"fixed" | "open">("fixed");
  const country = coverage.find((c) => c.code === countryCode);
  const create = useFormMutation(
    trpc.paymentLinks.create.mutationOptions({
      onSuccess: ({ id }) => {
        setOpen(false);
        toast.success(t("links.created"));
        void queryClient.invalidateQueries({ queryKey: trpc.paymentLinks.pathKey() });
        router.push(`/dashboard/payment-links/${id}`);
      },
    }),
    { fields: FIELD_OF, formError: "inline" },
  );
  const err = (f: string) => create.fields[f];

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "");
    const collect = (["name", "email", "reference"] as const).filter((k) => f.get(`collect-${k}`) === "on");
    const expires = text("expiresAt");
    create.mutate({
      ...scope,
      title: text("title"),
      description: text("description") || undefined,
      countryCode,
      currency: text("currency") || undefined,
      amountKind,
      amount: text("amount"),
      minAmount: text("minAmount"),
      maxAmount: text("maxAmount"),
      collectFields: collect,
      maxPayments: text("maxPayments") ? Number(text("maxPayments")) : null,
      expiresAt: expires ? new Date(`${expires}T23:59:59`) : null,
    });
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="create-link">
        {t("links.create")}
      </Button>
      <FormDialog open={open} onClose={() => (setOpen(false), create.clearErrors())} title={t("links.create")} formId="create-link-form" submitLabel={t("links.create")} cancelLabel={t("common.cancel")} loading={create.isPending}>
        <form id="create-link-form" className="space-y-4" onSubmit={submit} noValidate>
          <Field label={t("links.linkTitle")} error={err("title")}>{(p) => <Input {...p} name="title" maxLength={100} required />}</Field>
          <Field label={t("links.linkDescription")} optionalLabel={t("links.optional")} error={err("description")}>{(p) => <Textarea {...p} name="description" rows={2} maxLength={500} />}</Field>
          <CountryCurrencyFields countryCode={countryCode} onCountry={setCountryCode} errors={{ countryCode: err("countryCode"), currency: err("currency") }} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">{t("links.amountKind")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["fixed", "open"] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name="amountKind" checked={amountKind === k} onChange={() => setAmountKind(k)} />
                  {t(`links.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {amountKind === "fixed" ? (
            <Field label={`${t("links.amount")} (${country?.currencies[0]?.currency ?? ""})`} error={err("amount")}>{(p) => <Input {...p} name="amount" inputMode="decimal" />}</Field>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t("links.minAmount")} optionalLabel={t("links.optional")} error={err("minAmount")}>{(p) => <Input {...p} name="minAmount" inputMode="decimal" />}</Field>
              <Field label={t("links.maxAmount")} optionalLabel={t("links.optional")} error={err("maxAmount")}>{(p) => <Input {...p} name="maxAmount" inputMode="decimal" />}</Field>
            </div>
          )}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">{t("links.collect")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["name", "email", "reference"] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="checkbox" name={`collect-${k}`} />
                  {t(`links.collect${k[0].toUpperCase()}${k.slice(1)}` as "links.collectName")}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("links.maxPayments")} optionalLabel={t("links.optional")} error={err("maxPayments")}>{(p) => <Input {...p} name="maxPayments" type="number" min={1} inputMode="numeric" />}</Field>
            <ExpiryField error={err("expiresAt")} />
          </div>
          <FormAlert message={create.formError} />
        </form>
      </FormDialog>
    </>
  );
}
