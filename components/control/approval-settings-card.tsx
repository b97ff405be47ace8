"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CURRENCY_CHOICES } from "@/components/ui/choices";
import { FormAlert, Input } from "@/components/ui/field";
import { QueryBoundary } from "@/components/ui/states";

/**
 * Payout approvals (issue 22), in the mode the dashboard shows: a threshold per currency
 * (empty: no approval for it) and whether API payouts are held too. Owners change it;
 * others read it.
 */
export function ApprovalSettingsCard() {
  const t = useT();
  const trpc = useTRPC();
  const scope = useScope();
  const { can, mode } = useMerchant();
  const settings = useQuery(trpc.approvals.settings.queryOptions(scope));
  return (
    <Card aria-labelledby="payout-approvals-title" id="payout-approvals">
      <CardHeader id="payout-approvals-title" title={`${t("control.settings.title")} (${t(mode === "test" ? "nav.test" : "nav.live")})`} description={t("control.settings.hint")} />
      <CardBody>
        <QueryBoundary query={settings} rows={3}>
          {(s) => <SettingsForm key={JSON.stringify(s)} initial={s} editable={can("owner")} />}
        </QueryBoundary>
      </CardBody>
    </Card>
  );
}

function SettingsForm({ initial, editable }: { initial: { thresholds: Record<string, string>; holdApiPayouts: boolean }; editable: boolean }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { mode } = useMerchant();
  const [values, setValues] = useState<Record<string, string>>(initial.thresholds);
  const [holdApi, setHoldApi] = useState(initial.holdApiPayouts);
  const save = useFormMutation(
    trpc.approvals.saveSettings.mutationOptions({
      onSuccess: () => {
        toast.success(t("control.settings.saved"));
        void queryClient.invalidateQueries(trpc.approvals.settings.queryFilter());
      },
    }),
    { formError: "inline" },
  );
  const currencies = CURRENCY_CHOICES;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const thresholds = Object.entries(values)
          .filter(([, v]) => v.trim() !== "")
          .map(([currency, amount]) => ({ currency, amount }));
        save.mutate({ ...scope, thresholds, holdApiPayouts: holdApi });
      }}
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {currencies.map((c) => (
          <label key={c} className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">{c}</span>
            <Input
              inputMode="decimal"
              value={values[c] ?? ""}
              onChange={(e) => setValues({ ...values, [c]: e.target.value })}
              placeholder={t("control.settings.noThreshold")}
              disabled={!editable}
              aria-label={t("control.settings.thresholdFor", { currency: c })}
              data-testid={`threshold-${c}`}
            />
          </label>
        ))}
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={holdApi} onChange={(e) => setHoldApi(e.target.checked)} disabled={!editable} className="mt-0.5" data-testid="hold-api-payouts" />
        <span>
          <span className="block font-medium">{t("control.settings.holdApi")}</span>
          <span className="block text-xs text-slate-500">{t(mode === "live" ? "control.settings.holdApiHintLive" : "control.settings.holdApiHintTest")}</span>
        </span>
      </label>
      <FormAlert message={save.formError} data-testid="approval-settings-error" />
      {editable ? (
        <Button type="submit" variant="secondary" loading={save.isPending} data-testid="save-approval-settings">
          {t("common.save")}
        </Button>
      ) : (
        <p className="text-xs text-slate-500">{t("control.settings.ownersOnly")}</p>
      )}
    </form>
  );
}
