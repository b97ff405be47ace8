"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { toast } from "sonner";
import { countryName, formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, DetailList, PageHeader } from "@/components/ui/card";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { QueryBoundary } from "@/components/ui/states";
import { countryOptions } from "@/components/ui/choices";

type Details = { legalName: string; registrationNumber: string; countryCode: string; address: string; representative: string };

function KycForm({ initial }: { initial: Details | null }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { merchantId } = useMerchant();
  const options = useMemo(() => countryOptions(locale), [locale]);
  const submit = useFormMutation(
    trpc.kyc.submit.mutationOptions({
      onSuccess: () => {
        toast.success(t("kyc.submitted"));
        void queryClient.invalidateQueries(trpc.kyc.get.queryFilter());
        router.refresh(); // the shell's verification dot reads the status from the layout
      },
    }),
  );
  const { fields } = submit;
  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const get = (k: string) => String(f.get(k) ?? "");
        submit.mutate({
          merchantId,
          legalName: get("legalName"),
          registrationNumber: get("registrationNumber"),
          countryCode: get("countryCode"),
          address: get("address"),
          representative: get("representative"),
        });
      }}
    >
      <Field label={t("kyc.legalName")} error={fields.legalName}>
        {(p) => <Input {...p} name="legalName" defaultValue={initial?.legalName} autoComplete="organization" required />}
      </Field>
      <Field label={t("kyc.registrationNumber")} hint={t("kyc.registrationHint")} error={fields.registrationNumber}>
        {(p) => <Input {...p} name="registrationNumber" defaultValue={initial?.registrationNumber} required />}
      </Field>
      <Field label={t("kyc.country")} error={fields.countryCode}>
        {(p) => (
          <Select {...p} name="countryCode" defaultValue={initial?.countryCode ?? ""} required>
            <option value="" disabled>
              {t("kyc.chooseCountry")}
            </option>
            <optgroup label="Sika">
              {options.served.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </optgroup>
            <optgroup label="—">
              {options.others.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </optgroup>
          </Select>
        )}
      </Field>
      <Field label={t("kyc.representative")} error={fields.representative}>
        {(p) => <Input {...p} name="representative" defaultValue={initial?.representative} autoComplete="name" required />}
      </Field>
      <Field className="sm:col-span-2" label={t("kyc.address")} error={fields.address}>
        {(p) => <Textarea {...p} name="address" rows={3} defaultValue={initial?.address} autoComplete="street-address" required />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" loading={submit.isPending}>
          {submit.isPending ? t("kyc.submitting") : t("kyc.submit")}
        </Button>
      </div>
    </form>
  );
}

export function KycPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const { merchantId, can } = useMerchant();
  const kyc = useQuery(trpc.kyc.get.queryOptions({ merchantId }));

  return (
    <>
      <PageHeader title={t("kyc.title")} description={t("kyc.intro")} />
      <QueryBoundary query={kyc}>
        {(k) => (
          <div className="space-y-6">
            <Card aria-labelledby="kyc-status">
              <CardBody className="flex flex-wrap items-center gap-3">
                <h2 id="kyc-status" className="text-sm font-medium text-slate-600">
                  {t("kyc.statusLabel")}
                </h2>
                <Badge tone={statusTone[k.status]} className="text-sm">
                  <span data-testid="kyc-status">{t(`kyc.${k.status}`)}</span>
                </Badge>
                <p className="w-full text-sm text-slate-600">
                  {k.status === "pending" ? t("kyc.pendingBody") : k.status === "approved" ? t("kyc.approvedBody") : k.status === "rejected" ? t("kyc.rejectedBody") : null}
                </p>
                {k.status === "rejected" && k.rejectionReason ? (
                  <p className="w-full rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                    <strong className="font-medium">{t("kyc.reason")}:</strong> {k.rejectionReason}
                  </p>
                ) : null}
              </CardBody>
            </Card>

            {k.status === "unverified" || k.status === "rejected" ? (
              <Card aria-labelledby="kyc-form">
                <CardHeader id="kyc-form" title={t("kyc.submit")} />
                <CardBody>
                  {can("owner") ? (
                    <KycForm initial={k.latest} />
                  ) : (
                    <p className="text-sm text-slate-500">{t("kyc.ownerOnly")}</p>
                  )}
                </CardBody>
              </Card>
            ) : null}

            {k.latest && k.status !== "unverified" ? (
              <Card aria-labelledby="kyc-details">
                <CardHeader id="kyc-details" title={t("kyc.submittedDetails")} description={formatDateTime(k.latest.createdAt, locale)} />
                <CardBody>
                  <DetailList
                    items={[
                      { label: t("kyc.legalName"), value: k.latest.legalName },
                      { label: t("kyc.registrationNumber"), value: k.latest.registrationNumber },
                      { label: t("kyc.country"), value: countryName(k.latest.countryCode, locale) },
                      { label: t("kyc.address"), value: <span className="whitespace-pre-line">{k.latest.address}</span> },
                      { label: t("kyc.representative"), value: k.latest.representative },
                    ]}
                  />
                </CardBody>
              </Card>
            ) : null}
          </div>
        )}
      </QueryBoundary>
    </>
  );
}
