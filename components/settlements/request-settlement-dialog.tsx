"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";
import { newAttemptKey } from "@/components/ui/attempt-key";

interface Account {
  id: string;
  bankName: string;
  accountNumber: string;
  currency: string;
}

/** "Request a settlement": account, amount, the fee of the schedule and the total taken from the balance. */
export function RequestSettlementButton({ accounts, balances }: { accounts: Account[]; balances: Array<{ currency: string; available: string }> }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  // One key per confirmation: the same request retried (a dropped connection) settles once; new values, a new key.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the dependencies are the trigger, not inputs
  const attemptKey = useMemo(() => newAttemptKey(), [open, account?.id, amount]);
  const money = (v: string) => formatMoney(v, account?.currency ?? "XOF", locale);
  const available = balances.find((b) => b.currency === account?.currency)?.available ?? "0";
  const quote = useQuery(trpc.settlements.quote.queryOptions({ ...scope, bankAccountId: account?.id ?? "", amount }, { enabled: open && Boolean(account) && /^\d+([.,]\d{1,2})?$/.test(amount.trim()) && Number(amount.replace(",", ".")) > 0, retry: false }));
  const request = useFormMutation(
    trpc.settlements.request.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        setAmount("");
        toast.success(t("settlements.requested"));
        void queryClient.invalidateQueries({ queryKey: trpc.settlements.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.balances.pathKey() });
      },
    }),
    {
      fields: { amount: "amount", bankAccountId: "bankAccountId", bank_account_id: "bankAccountId" },
      formError: "inline",
      describe: (err) => (err instanceof TRPCClientError && (err.data as { appCode?: string })?.appCode === "insufficient_balance" ? t("settlements.insufficient") : friendlyError(err, t)),
    },
  );
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!accounts.length} data-testid="request-settlement">
        {t("settlements.request")}
      </Button>
      <FormDialog open={open} onClose={() => (setOpen(false), request.clearErrors())} title={t("settlements.requestTitle")} formId="settlement-form" submitLabel={t("settlements.request")} cancelLabel={t("common.cancel")} loading={request.isPending}>
        <form id="settlement-form" className="space-y-4" onSubmit={(e) => (e.preventDefault(), request.mutate({ ...scope, bankAccountId: account?.id ?? "", amount, idempotencyKey: attemptKey }))} noValidate>
          <Field label={t("settlements.account")} error={request.fields.bankAccountId}>
            {(p) => (
              <Select {...p} value={account?.id ?? ""} onChange={(e) => setAccountId(e.target.value)}>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.bankName} {a.accountNumber} ({a.currency})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={`${t("settlements.amount")} (${account?.currency ?? ""})`} hint={t("settlements.available", { amount: money(available) })} error={request.fields.amount}>
            {(p) => <Input {...p} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />}
          </Field>
          {quote.data ? (
            <dl className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="settlement-quote">
              <div className="flex justify-between"><dt className="text-slate-500">{t("settlements.fee")}</dt><dd className="tabular-nums">{money(quote.data.fee)}</dd></div>
              <div className="flex justify-between font-semibold"><dt>{t("settlements.total")}</dt><dd className="tabular-nums">{money(quote.data.total)}</dd></div>
            </dl>
          ) : null}
          <FormAlert message={request.formError} />
        </form>
      </FormDialog>
    </>
  );
}
