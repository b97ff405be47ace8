"use client";

import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { toast } from "sonner";
import { coverage } from "@/server/catalog/coverage";
import { countryName, formatMoney } from "@/components/i18n/format";
import { useLocale, useT, type TFunction } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { fieldErrors, friendlyError } from "@/components/trpc/errors";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { DetailList } from "@/components/ui/card";
import { Dialog, FormDialogFooter } from "@/components/ui/dialog";
import { CountryOptions, NetworkOptions } from "@/components/ui/choices";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";
import { newAttemptKey } from "@/components/ui/attempt-key";

interface Draft {
  countryCode: string;
  network: string;
  currency: string;
  phoneNumber: string;
  beneficiary: string;
  amount: string;
  orderId: string;
}
interface Quote {
  amount: string;
  fee: string;
  chargedAmount: string;
  currency: string;
}

const EMPTY: Draft = { countryCode: "", network: "", currency: "", phoneNumber: "", beneficiary: "", amount: "", orderId: "" };

/** Server field paths (REST names) → the form's fields, so each message sits under its input. */
const FIELD_OF: Record<string, keyof Draft> = {
  amount: "amount",
  currency: "currency",
  countryCode: "countryCode",
  network: "network",
  phoneNumber: "phoneNumber",
  beneficiary: "beneficiary",
  orderId: "orderId",
  order_id: "orderId",
  country_code: "countryCode",
  "metadata.country_code": "countryCode",
  "metadata.network": "network",
  "metadata.phone_number": "phoneNumber",
  "metadata.beneficiary": "beneficiary",
};

function appCode(err: unknown): string | null {
  return err instanceof TRPCClientError ? ((err.data as { appCode?: string | null } | undefined)?.appCode ?? null) : null;
}

/**
 * The refusals a merchant can act on, in their language: KYC (live mode), balance,
 * limits, network. Anything else is the server's own sentence.
 */
function payoutError(err: unknown, t: TFunction, money: { available: string | null; required: string | null }): string {
  switch (appCode(err)) {
    case "kyc_required":
      return t("payout.kycRequired");
    case "insufficient_balance":
      return money.available && money.required ? t("payout.insufficientBalance", money as Record<string, string>) : t("payout.insufficientBalanceNoQuote");
    case "network_unavailable":
      return t("payout.networkUnavailable");
    case "amount_out_of_limits":
      return t("payout.outOfLimits", { message: err instanceof Error ? err.message : "" });
    default:
      return friendlyError(err, t);
  }
}

/** "Send payout" button and its two-step dialog: the form, then the fee quote to confirm. */
export function SendPayoutButton() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { mode, can } = useMerchant();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [quoting, setQuoting] = useState(false);
  const balances = useQuery(trpc.balances.list.queryOptions(scope, { enabled: open }));

  const country = coverage.find((c) => c.code === draft.countryCode);
  const currency = draft.currency || country?.currencies[0]?.currency || "";
  const available = balances.data?.find((b) => b.currency === currency)?.available ?? null;

  const create = useFormMutation(
    trpc.payouts.create.mutationOptions({
      onSuccess: (r) => {
        close();
        toast.success(r.awaitingApproval ? t("control.approvals.heldToast") : t("payout.sent", { id: r.id }), {
          action: <Link href={`/dashboard/transactions/${r.id}`} className="text-sm font-medium text-emerald-800 underline">{t("payout.view")}</Link>,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.overview.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.balances.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.transactions.pathKey() });
      },
      // A refusal tied to a field sends the merchant back to the form to fix it.
      onError: (err) => {
        if (Object.keys(fieldErrors(err)).length) setQuote(null);
      },
    }),
    {
      fields: FIELD_OF,
      formError: "inline",
      describe: (err) =>
        payoutError(err, t, {
          available: available !== null ? formatMoney(available, currency, locale) : null,
          required: quote ? formatMoney(quote.chargedAmount, quote.currency, locale) : null,
        }),
    },
  );
  // The quote's refusals (fetched before the mutation) are shown the same way.
  const { fields, setFields, showError, clearErrors } = create;

  if (!can("developer")) return null;

  function close() {
    setOpen(false);
    setDraft(EMPTY);
    setQuote(null);
    clearErrors();
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const input = () => ({ ...scope, countryCode: draft.countryCode, network: draft.network, currency, amount: draft.amount });

  async function review() {
    clearErrors();
    const missing: Partial<Record<keyof Draft, string>> = {};
    for (const k of ["countryCode", "network", "phoneNumber", "beneficiary", "amount"] as const) if (!draft[k].trim()) missing[k] = t("payout.required");
    if (Object.keys(missing).length) return setFields(missing);
    setQuoting(true);
    try {
      const q = await queryClient.fetchQuery(trpc.payouts.quote.queryOptions(input(), { staleTime: 0 }));
      setQuote(q);
      setIdempotencyKey(newAttemptKey());
    } catch (err) {
      showError(err);
    } finally {
      setQuoting(false);
    }
  }

  const m = (v: string) => formatMoney(v, quote?.currency ?? currency, locale);
  // Some countries round to a multiple of 5 (D2): say so when the quote differs from what was typed.
  const rounded = quote !== null && Number(draft.amount.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".")) !== Number(quote.amount);

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="send-payout">
        {t("payout.open")}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t("payout.title")}
        footer={
          quote ? (
            <>
              <Button variant="secondary" onClick={() => (setQuote(null), create.setFormError(null))}>
                {t("payout.edit")}
              </Button>
              <Button onClick={() => create.mutate({ ...input(), phoneNumber: draft.phoneNumber, beneficiary: draft.beneficiary, orderId: draft.orderId || undefined, idempotencyKey })} loading={create.isPending}>
                {t("payout.confirm", { amount: m(quote.amount) })}
              </Button>
            </>
          ) : (
            <FormDialogFooter formId="send-payout-form" submitLabel={t("payout.review")} cancelLabel={t("common.cancel")} onCancel={close} loading={quoting} />
          )
        }
      >
        <p className="mb-4">{t("payout.intro", { mode: t(mode === "test" ? "nav.test" : "nav.live") })}</p>
        {quote ? (
          <section aria-labelledby="payout-quote-title" data-testid="payout-quote">
            <h3 id="payout-quote-title" className="mb-2 font-medium text-slate-900">
              {t("payout.quoteTitle")}
            </h3>
            <DetailList
              items={[
                { label: t("payout.beneficiary"), value: `${draft.beneficiary} · ${draft.phoneNumber}` },
                { label: t("payout.network"), value: `${country?.networks.find((n) => n.id === draft.network)?.name ?? draft.network} · ${country ? countryName(country.code, locale) : ""}` },
                { label: t("payout.quoteAmount"), value: <span className="tabular-nums">{m(quote.amount)}</span> },
                { label: t("payout.quoteFee"), value: <span className="tabular-nums">{m(quote.fee)}</span> },
                { label: t("payout.quoteCharged"), value: <span className="font-semibold tabular-nums text-slate-900">{m(quote.chargedAmount)}</span> },
              ]}
            />
            {rounded ? <p className="mt-2 text-xs text-slate-500">{t("payout.rounded", { amount: m(quote.amount) })}</p> : null}
          </section>
        ) : (
          <form
            id="send-payout-form"
            className="grid gap-3 sm:grid-cols-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void review();
            }}
          >
            <Field label={t("payout.country")} error={fields.countryCode}>
              {(p) => (
                <Select {...p} value={draft.countryCode} onChange={(e) => set({ countryCode: e.target.value, network: "", currency: "" })}>
                  <option value="">{t("payout.chooseCountry")}</option>
                  <CountryOptions />
                </Select>
              )}
            </Field>
            <Field label={t("payout.network")} error={fields.network}>
              {(p) => (
                <Select {...p} value={draft.network} disabled={!country} onChange={(e) => set({ network: e.target.value })}>
                  <option value="" />
                  <NetworkOptions countryCode={draft.countryCode} />
                </Select>
              )}
            </Field>
            <Field label={t("payout.phone")} error={fields.phoneNumber}>
              {(p) => <Input {...p} type="tel" autoComplete="off" value={draft.phoneNumber} onChange={(e) => set({ phoneNumber: e.target.value })} placeholder="+225 07 07 07 07 07" />}
            </Field>
            <Field label={t("payout.beneficiary")} error={fields.beneficiary}>
              {(p) => <Input {...p} value={draft.beneficiary} onChange={(e) => set({ beneficiary: e.target.value })} maxLength={255} />}
            </Field>
            <Field label={t("payout.amount")} error={fields.amount} hint={available !== null ? t("payout.available", { amount: formatMoney(available, currency, locale) }) : undefined}>
              {(p) => <Input {...p} inputMode="decimal" value={draft.amount} onChange={(e) => set({ amount: e.target.value })} />}
            </Field>
            <Field label={t("payout.currency")} error={fields.currency}>
              {(p) => (
                <Select {...p} value={currency} disabled={!country || country.currencies.length < 2} onChange={(e) => set({ currency: e.target.value })}>
                  {(country?.currencies ?? []).map((c) => (
                    <option key={c.currency}>{c.currency}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field className="sm:col-span-2" label={t("payout.orderId")} optionalLabel={t("common.optional")} error={fields.orderId}>
              {(p) => <Input {...p} value={draft.orderId} onChange={(e) => set({ orderId: e.target.value })} maxLength={255} />}
            </Field>
          </form>
        )}
        <FormAlert className="mt-4" message={create.formError} data-testid="payout-error" />
      </Dialog>
    </>
  );
}
