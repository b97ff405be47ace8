"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input } from "@/components/ui/field";
import { QueryBoundary } from "@/components/ui/states";
import { SessionsCard } from "./sessions-card";
import { TeamCard } from "./team-card";
import { ApprovalSettingsCard } from "@/components/control/approval-settings-card";
import { TwoFactorCard } from "@/components/identity/two-factor-card";
import { TestDataCard } from "./test-data-card";

function BusinessCard() {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { merchantId, can } = useMerchant();
  const merchant = useQuery(trpc.merchant.get.queryOptions({ merchantId }));
  const rename = useFormMutation(
    trpc.merchant.rename.mutationOptions({
      onSuccess: () => {
        toast.success(t("settings.renamed"));
        void queryClient.invalidateQueries(trpc.merchant.get.queryFilter());
        router.refresh(); // the sidebar shows the name from the layout
      },
    }),
    // One field: any failure is said under it.
    { fields: ["name"], formError: "inline" },
  );
  return (
    <Card aria-labelledby="business-title">
      <CardHeader id="business-title" title={t("settings.business")} />
      <CardBody>
        <QueryBoundary query={merchant} rows={2}>
          {(m) => (
            <form
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                rename.mutate({ merchantId, name: String(new FormData(e.currentTarget).get("name") ?? "") });
              }}
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <Field className="flex-1" label={t("settings.businessName")} error={rename.fields.name ?? rename.formError ?? undefined}>
                  {(p) => <Input {...p} name="name" defaultValue={m.name} maxLength={120} disabled={!can("owner")} required />}
                </Field>
                {can("owner") ? (
                  <Button type="submit" variant="secondary" className="sm:mt-7" loading={rename.isPending}>
                    {t("common.save")}
                  </Button>
                ) : null}
              </div>
              <div className="space-y-1.5">
                <p className="text-sm font-medium text-slate-700">{t("settings.merchantId")}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs">{m.id}</code>
                  <CopyButton value={m.id} />
                </div>
              </div>
            </form>
          )}
        </QueryBoundary>
      </CardBody>
    </Card>
  );
}

export function SettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <div className="space-y-6">
        <BusinessCard />
        <TeamCard />
        <ApprovalSettingsCard />
        <SessionsCard />
        <TwoFactorCard />
        <TestDataCard />
      </div>
    </>
  );
}
