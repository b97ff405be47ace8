"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";

interface Schedule {
  currency: string;
  bankAccountId: string;
  frequency: "daily" | "weekly";
  weekday: number | null;
  threshold: string;
  enabled: boolean;
  nextRunAt: Date;
}

/** The automatic schedule of one verified account's currency: daily or weekly, above a threshold. */
export function ScheduleCard({ accounts, schedules, canEdit }: { accounts: Array<{ id: string; bankName: string; accountNumber: string; currency: string }>; schedules: Schedule[]; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const current = schedules.find((s) => s.currency === account?.currency);
  const [frequency, setFrequency] = useState<"daily" | "weekly">(current?.frequency ?? "weekly");
  const save = useFormMutation(
    trpc.settlements.saveSchedule.mutationOptions({
      onSuccess: () => {
        toast.success(t("settlements.scheduleSaved"));
        void queryClient.invalidateQueries({ queryKey: trpc.settlements.pathKey() });
      },
    }),
    { fields: { threshold: "threshold", bankAccountId: "bankAccountId", bank_account_id: "bankAccountId" }, formError: "inline" },
  );
  if (!account) return null;
  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    save.mutate({ ...scope, bankAccountId: account!.id, frequency, weekday: frequency === "weekly" ? Number(f.get("weekday") ?? 1) : null, threshold: String(f.get("threshold") ?? "0"), enabled: f.get("enabled") === "on" });
  }
  return (
    <Card>
      <CardHeader title={t("settlements.schedule")} description={t("settlements.scheduleBody")} />
      <CardBody>
        <form key={account.id} className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <Field label={t("settlements.account")}>
            {(p) => (
              <Select {...p} value={account.id} onChange={(e) => setAccountId(e.target.value)} disabled={!canEdit}>
                {accounts.map((a) => <option key={a.id} value={a.id}>{a.bankName} {a.accountNumber} ({a.currency})</option>)}
              </Select>
            )}
          </Field>
          <Field label={t("settlements.frequency")}>
            {(p) => (
              <Select {...p} value={frequency} onChange={(e) => setFrequency(e.target.value as "daily" | "weekly")} disabled={!canEdit}>
                <option value="daily">{t("settlements.daily")}</option>
                <option value="weekly">{t("settlements.weekly")}</option>
              </Select>
            )}
          </Field>
          {frequency === "weekly" ? (
            <Field label={t("settlements.weekday")}>
              {(p) => (
                <Select {...p} name="weekday" defaultValue={String(current?.weekday ?? 1)} disabled={!canEdit}>
                  {([1, 2, 3, 4, 5, 6, 7] as const).map((d) => <option key={d} value={d}>{t(`settlements.weekdays.${d}`)}</option>)}
                </Select>
              )}
            </Field>
          ) : null}
          <Field label={`${t("settlements.threshold")} (${account.currency})`} error={save.fields.threshold}>
            {(p) => <Input {...p} name="threshold" defaultValue={current?.threshold ?? "0"} inputMode="decimal" disabled={!canEdit} />}
          </Field>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="enabled" defaultChecked={current?.enabled ?? false} disabled={!canEdit} /> {t("settlements.enabled")}
          </label>
          <div className="flex items-center justify-end gap-3 sm:col-span-2">
            {current?.enabled ? <span className="text-xs text-slate-500">{t("settlements.nextRun", { date: formatDateTime(current.nextRunAt, locale) })}</span> : null}
            {canEdit ? <Button type="submit" variant="secondary" loading={save.isPending}>{t("settlements.saveSchedule")}</Button> : null}
          </div>
          <FormAlert message={save.formError} className="sm:col-span-2" />
        </form>
      </CardBody>
    </Card>
  );
}
