"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { countryName, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/dialog";
import { CountryOptions, DirectionOptions, FilterSelect, NetworkOptions } from "@/components/ui/choices";
import { Field, Input, Select } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import type { FeeScheduleDirection } from "@/server/vocabulary";

interface Editing {
  direction: FeeScheduleDirection;
  countryCode: string;
  network: string;
  currency: string;
  ratePercent: string;
  fixedAmount: string;
}

/** bps → percent text without floats: 150 → "1.5". */
function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

export function FeesPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<"" | FeeScheduleDirection>("");
  const [country, setCountry] = useState("");
  const rules = useQuery(trpc.operator.feeRules.queryOptions({ direction: direction || undefined, countryCode: country || undefined }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useFormMutation(
    trpc.operator.updateFeeRule.mutationOptions({
      onSuccess: () => {
        toast.success(t("console.feeSaved"));
        setEditing(null);
        void queryClient.invalidateQueries(trpc.operator.feeRules.queryFilter());
      },
    }),
  );
  const { fields } = save;
  const edit = (r: { direction: FeeScheduleDirection; countryCode: string; network: string; currency: string; rateBps: number; fixedAmount: string }) => {
    save.clearErrors();
    setEditing({ direction: r.direction, countryCode: r.countryCode, network: r.network, currency: r.currency, ratePercent: bpsToPercent(r.rateBps), fixedAmount: r.fixedAmount });
  };

  return (
    <>
      <PageHeader title={t("console.fees")} />
      <Card>
        <div className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:px-5 lg:grid-cols-4">
          <FilterSelect label={t("console.direction")} value={direction} onChange={(v) => setDirection(v as "" | FeeScheduleDirection)}>
            <DirectionOptions />
            <option value="settlement">{t("types.settlement")}</option>
          </FilterSelect>
          <FilterSelect label={t("transactions.country")} value={country} onChange={setCountry}>
            <CountryOptions />
          </FilterSelect>
        </div>
        <QueryBoundary query={rules} rows={8}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("console.noFees")} />
            ) : (
              <ResponsiveTable
                label={t("console.fees")}
                items={list}
                card={(r) => (
                  <li key={r.id} className="px-4 py-3 text-sm" data-testid="fee-rule-mobile">
                    <div className="flex items-center justify-between gap-3">
                      <span className="min-w-0 font-medium text-slate-900">
                        {countryName(r.countryCode, locale)} <span className="font-normal text-slate-400">· {r.currency}</span>
                      </span>
                      <Button variant="secondary" size="sm" onClick={() => edit(r)}>
                        {t("console.edit")}
                      </Button>
                    </div>
                    <p className="mt-1 text-xs text-slate-500">
                      {t(`types.${r.direction}`)} · {r.network === "*" ? t("console.allNetworks") : <span className="capitalize">{r.network}</span>}
                    </p>
                    <dl className="mt-1 grid grid-cols-2 gap-2 text-xs">
                      <div>
                        <dt className="text-slate-500">{t("console.rate")}</dt>
                        <dd className="tabular-nums text-slate-900">{bpsToPercent(r.rateBps)} %</dd>
                      </div>
                      <div>
                        <dt className="text-slate-500">{t("console.fixed")}</dt>
                        <dd className="tabular-nums text-slate-900">{formatMoney(r.fixedAmount, r.currency, locale)}</dd>
                      </div>
                    </dl>
                  </li>
                )}
                head={
                  <>
                    <Th>{t("transactions.country")}</Th>
                    <Th>{t("console.direction")}</Th>
                    <Th>{t("transactions.network")}</Th>
                    <Th className="text-right">{t("console.rate")}</Th>
                    <Th className="text-right">{t("console.fixed")}</Th>
                    <Th>
                      <span className="sr-only">{t("console.edit")}</span>
                    </Th>
                  </>
                }
                row={(r) => (
                  <tr key={r.id}>
                    <Td>
                      {countryName(r.countryCode, locale)} <span className="text-slate-400">· {r.currency}</span>
                    </Td>
                    <Td>{t(`types.${r.direction}`)}</Td>
                    <Td>{r.network === "*" ? <Badge>{t("console.allNetworks")}</Badge> : <span className="capitalize">{r.network}</span>}</Td>
                    <Td className="text-right tabular-nums">{bpsToPercent(r.rateBps)} %</Td>
                    <Td className="text-right tabular-nums">{formatMoney(r.fixedAmount, r.currency, locale)}</Td>
                    <Td className="text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => edit(r)}
                      >
                        {t("console.edit")}
                      </Button>
                    </Td>
                  </tr>
                )}
              />
            )
          }
        </QueryBoundary>
      </Card>
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${countryName(editing.countryCode, locale)} · ${t(`types.${editing.direction}`)} · ${editing.currency}` : ""}
        formId="fee-form"
        submitLabel={t("common.save")}
        cancelLabel={t("common.cancel")}
        loading={save.isPending}
      >
        {editing ? (
          <form
            id="fee-form"
            className="grid gap-3 sm:grid-cols-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(editing);
            }}
          >
            <Field className="sm:col-span-2" label={t("transactions.network")} error={fields.network}>
              {(p) => (
                <Select {...p} value={editing.network} onChange={(e) => setEditing({ ...editing, network: e.target.value })}>
                  <option value="*">{t("console.allNetworks")}</option>
                  <NetworkOptions countryCode={editing.countryCode} />
                </Select>
              )}
            </Field>
            <Field label={t("console.rate")} error={fields.ratePercent ?? fields.rate_bps}>
              {(p) => <Input {...p} inputMode="decimal" value={editing.ratePercent} onChange={(e) => setEditing({ ...editing, ratePercent: e.target.value })} />}
            </Field>
            <Field label={`${t("console.fixed")} (${editing.currency})`} error={fields.fixedAmount ?? fields.fixed_amount}>
              {(p) => <Input {...p} inputMode="decimal" value={editing.fixedAmount} onChange={(e) => setEditing({ ...editing, fixedAmount: e.target.value })} />}
            </Field>
          </form>
        ) : null}
      </FormDialog>
    </>
  );
}
