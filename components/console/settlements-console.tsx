"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { friendlyError } from "@/components/trpc/errors";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";

type Decision = { kind: "account-reject"; id: string } | { kind: "paid" | "rejected"; id: string; label: string };

/**
 * The operator's settlements desk (issue 21): bank accounts to verify, pending settlements
 * grouped by bank with the bank transfer file of each, then paid (bank reference) or
 * rejected (reason). Every decision is audited on the server.
 */
export function SettlementsConsole() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.operatorSettlements.pending.queryOptions(undefined, { refetchInterval: 10_000 }));
  const [decision, setDecision] = useState<Decision | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.operatorSettlements.pathKey() });
  const verify = useMutation(trpc.operatorSettlements.reviewAccount.mutationOptions({ onSuccess: () => (toast.success(t("consoleSettlements.done")), refresh()), onError: (e) => toast.error(friendlyError(e, t)) }));
  const review = useFormMutation(trpc.operatorSettlements.reviewAccount.mutationOptions({ onSuccess: () => (setDecision(null), toast.success(t("consoleSettlements.done")), refresh()) }), { fields: ["reason"], formError: "inline" });
  const decide = useFormMutation(trpc.operatorSettlements.decide.mutationOptions({ onSuccess: () => (setDecision(null), toast.success(t("consoleSettlements.done")), refresh()) }), { fields: { bank_reference: "bankReference", reason: "reason" }, formError: "inline" });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!decision) return;
    const value = String(new FormData(e.currentTarget).get("value") ?? "");
    if (decision.kind === "account-reject") review.mutate({ id: decision.id, decision: "reject", reason: value });
    else decide.mutate({ id: decision.id, decision: decision.kind, ...(decision.kind === "paid" ? { bankReference: value } : { reason: value }) });
  }
  const active = decision?.kind === "account-reject" ? review : decide;
  const valueError = active.fields.reason ?? active.fields.bankReference;

  return (
    <>
      <PageHeader title={t("consoleSettlements.title")} />
      <QueryBoundary query={pending}>
        {(data) => {
          const banks = [...new Set(data.settlements.map((s) => s.bank))].sort();
          return (
            <div className="space-y-6">
              <Card>
                <CardHeader title={t("consoleSettlements.accounts")} />
                {data.accounts.length === 0 ? (
                  <EmptyState title={t("consoleSettlements.noAccounts")} />
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {data.accounts.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5" data-testid={`verify-${a.id}`}>
                        <span className="min-w-0 text-sm">
                          <span className="block font-medium text-slate-900">
                            {a.merchantName} <Badge>{a.mode}</Badge>
                          </span>
                          <span className="block text-slate-600">
                            {a.holderName} · {a.bankName} · {a.countryCode} · {a.currency}
                          </span>
                          <span className="block break-all font-mono text-xs text-slate-500">
                            {a.accountNumber}
                            {a.branchCode ? ` / ${a.branchCode}` : ""}
                            {a.bankCode ? ` · ${a.bankCode}` : ""}
                          </span>
                        </span>
                        <span className="flex gap-2">
                          <Button size="sm" onClick={() => verify.mutate({ id: a.id, decision: "verify" })} loading={verify.isPending && verify.variables?.id === a.id}>
                            {t("consoleSettlements.verify")}
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setDecision({ kind: "account-reject", id: a.id })}>
                            {t("consoleSettlements.reject")}
                          </Button>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card>
                <CardHeader title={t("consoleSettlements.pending")} />
                {banks.length === 0 ? <EmptyState title={t("consoleSettlements.noPending")} /> : null}
                {banks.map((bank) => (
                  <section key={bank} className="border-t border-slate-100 first:border-t-0" aria-label={bank}>
                    <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-4 py-2 sm:px-5">
                      <h3 className="text-sm font-semibold text-slate-800">{bank}</h3>
                      <a href={`/console/settlements/export?bank=${encodeURIComponent(bank)}`} className={buttonClass("secondary", "sm")} data-testid={`export-${bank}`} onClick={() => setTimeout(refresh, 1000)}>
                        {t("consoleSettlements.export")}
                      </a>
                    </div>
                    <ul className="divide-y divide-slate-100">
                      {data.settlements
                        .filter((s) => s.bank === bank)
                        .map((s) => (
                          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5" data-testid={`pending-${s.id}`}>
                            <span className="min-w-0 text-sm">
                              <span className="block font-medium text-slate-900 tabular-nums">
                                {formatMoney(s.amount, s.currency, locale)} · {s.merchantName} <Badge>{s.mode}</Badge> {s.exportedAt ? <Badge tone="blue">{t("consoleSettlements.exported")}</Badge> : null}
                              </span>
                              <span className="block [overflow-wrap:anywhere] text-xs text-slate-500">
                                {s.holderName} · {s.accountNumber} · {s.id} · {formatDateTime(s.createdAt, locale)}
                              </span>
                            </span>
                            <span className="flex gap-2">
                              <Button size="sm" onClick={() => setDecision({ kind: "paid", id: s.id, label: formatMoney(s.amount, s.currency, locale) })}>
                                {t("consoleSettlements.markPaid")}
                              </Button>
                              <Button size="sm" variant="secondary" onClick={() => setDecision({ kind: "rejected", id: s.id, label: formatMoney(s.amount, s.currency, locale) })}>
                                {t("consoleSettlements.reject")}
                              </Button>
                            </span>
                          </li>
                        ))}
                    </ul>
                  </section>
                ))}
              </Card>
            </div>
          );
        }}
      </QueryBoundary>
      <FormDialog
        open={decision !== null}
        onClose={() => (setDecision(null), review.clearErrors(), decide.clearErrors())}
        title={decision?.kind === "paid" ? `${t("consoleSettlements.paidTitle")} · ${decision.label}` : decision?.kind === "rejected" ? t("consoleSettlements.rejectTitle") : t("consoleSettlements.reject")}
        formId="settlement-decision"
        submitLabel={decision?.kind === "paid" ? t("consoleSettlements.markPaid") : t("consoleSettlements.reject")}
        cancelLabel={t("common.cancel")}
        loading={review.isPending || decide.isPending}
      >
        <form id="settlement-decision" onSubmit={submit} noValidate className="space-y-3">
          <Field label={decision?.kind === "paid" ? t("consoleSettlements.bankReference") : t("consoleSettlements.reason")} error={valueError}>
            {(p) => <Input {...p} name="value" key={decision?.id ?? ""} autoFocus />}
          </Field>
          <FormAlert message={active.formError} />
        </form>
      </FormDialog>
    </>
  );
}
