"use client";

import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDate, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, DetailList } from "@/components/ui/card";
import { CurrencySelect } from "@/components/ui/choices";
import { Field, Input, Select } from "@/components/ui/field";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState, isMissing } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";


function CreditForm({ merchantId }: { merchantId: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const credit = useFormMutation(
    trpc.operator.credit.mutationOptions({
      onSuccess: (r, vars) => {
        if (r.created) toast.success(t("console.credited", { amount: formatMoney(r.available, vars.currency, locale) }));
        else toast.info(t("console.alreadyCredited"));
        void queryClient.invalidateQueries(trpc.operator.merchant.queryFilter());
      },
    }),
  );
  const { fields } = credit;
  return (
    <form
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const get = (k: string) => String(f.get(k) ?? "");
        credit.mutate({
          merchantId,
          mode: get("mode") === "live" ? "live" : "test",
          currency: get("currency"),
          amount: get("amount"),
          reference: get("reference"),
          reason: get("reason") || undefined,
        });
      }}
    >
      <Field label={t("console.mode")}>
        {(p) => (
          <Select {...p} name="mode" defaultValue="live">
            <option value="live">{t("nav.live")}</option>
            <option value="test">{t("nav.test")}</option>
          </Select>
        )}
      </Field>
      <Field label={t("topUp.currency")} error={fields.currency}>
        {(p) => <CurrencySelect {...p} name="currency" defaultValue="XOF" />}
      </Field>
      <Field label={t("topUp.amount")} error={fields.amount}>
        {(p) => <Input {...p} name="amount" inputMode="decimal" required />}
      </Field>
      <Field label={t("console.reference")} error={fields.reference}>
        {(p) => <Input {...p} name="reference" required placeholder="BANK-2026-0001" />}
      </Field>
      <Field className="sm:col-span-2" label={t("console.reason")} optionalLabel={t("common.optional")} error={fields.reason}>
        {(p) => <Input {...p} name="reason" />}
      </Field>
      <div className="sm:col-span-2 lg:col-span-3">
        <Button type="submit" loading={credit.isPending}>
          {t("console.creditSubmit")}
        </Button>
      </div>
    </form>
  );
}

export function MerchantDetail({ merchantId }: { merchantId: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const merchant = useQuery(trpc.operator.merchant.queryOptions({ merchantId }));
  const back = (
    <Link href="/console" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
      <ArrowLeftIcon className="h-4 w-4" />
      {t("console.backToMerchants")}
    </Link>
  );
  if (merchant.isPending) return <>{back}<LoadingState rows={6} /></>;
  if (merchant.isError) {
    return (
      <>
        {back}
        <Card>{isMissing(merchant.error) ? <EmptyState title={t("console.merchantNotFound")} /> : <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} />}</Card>
      </>
    );
  }
  const m = merchant.data;
  return (
    <>
      {back}
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.name}</h1>
        <Badge tone={statusTone[m.kycStatus]}>{t(`kyc.${m.kycStatus}`)}</Badge>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="m-info">
          <CardHeader id="m-info" title={t("settings.business")} />
          <CardBody>
            <DetailList
              items={[
                { label: t("settings.merchantId"), value: <code className="font-mono text-xs">{m.id}</code> },
                { label: t("console.created"), value: formatDate(m.createdAt, locale) },
                ...(m.kycRejectionReason ? [{ label: t("kyc.reason"), value: m.kycRejectionReason }] : []),
                { label: t("console.members"), value: m.members.map((x) => `${x.email} (${t(`roles.${x.role}`)})`).join(", ") },
              ]}
            />
          </CardBody>
        </Card>
        <Card aria-labelledby="m-wallets">
          <CardHeader id="m-wallets" title={t("console.wallets")} />
          {m.wallets.length === 0 ? (
            <EmptyState title={t("console.noWallets")} />
          ) : (
            <Table label={t("console.wallets")}>
              <thead>
                <tr>
                  <Th>{t("console.mode")}</Th>
                  <Th>{t("topUp.currency")}</Th>
                  <Th className="text-right">{t("overview.available")}</Th>
                  <Th className="text-right">{t("overview.inFlight")}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {m.wallets.map((w) => (
                  <tr key={`${w.mode}-${w.currency}`}>
                    <Td>
                      <Badge tone={w.mode === "live" ? "green" : "amber"}>{t(w.mode === "live" ? "nav.live" : "nav.test")}</Badge>
                    </Td>
                    <Td>{w.currency}</Td>
                    <Td className="text-right tabular-nums">{formatMoney(w.available, w.currency, locale)}</Td>
                    <Td className="text-right tabular-nums">{formatMoney(w.inFlight, w.currency, locale)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      </div>
      <Card className="mt-6" aria-labelledby="m-credit">
        <CardHeader id="m-credit" title={t("console.credit")} description={t("console.creditBody")} />
        <CardBody>
          <CreditForm merchantId={m.id} />
        </CardBody>
      </Card>
    </>
  );
}
