"use client";

import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { newAttemptKey } from "@/components/ui/attempt-key";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { StatusBadge } from "./transaction-table";

/**
 * Refunds of a successful payin (D16): the list under the payin, and for owners and
 * developers a Refund button whose dialog is prefilled with what is left to refund.
 */
export function RefundsCard({ payinId, currency }: { payinId: string; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can } = useMerchant();
  const [open, setOpen] = useState(false);
  // One key per confirmation: a plain retry (a dropped connection) refunds once; opening again or any edit, a new key.
  const [attemptKey, setAttemptKey] = useState("");
  const openDialog = () => (setAttemptKey(newAttemptKey()), setOpen(true));
  const refunds = useQuery(
    trpc.refunds.list.queryOptions(
      { ...scope, id: payinId },
      { refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === "pending") ? 2000 : false) },
    ),
  );
  // A refund that settles changes the payin's own state ("Refunded"): its detail reads it again.
  const settled = refunds.data?.refunds.filter((r) => r.status === "successful").length ?? 0;
  useEffect(() => {
    if (settled > 0) void queryClient.invalidateQueries(trpc.transactions.detail.queryFilter());
  }, [settled, queryClient, trpc]);
  const create = useFormMutation(
    trpc.refunds.create.mutationOptions({
      onSuccess: (r) => {
        setOpen(false);
        toast.success(t("refunds.done", { amount: formatMoney(r.amount, currency, locale) }));
        void queryClient.invalidateQueries({ queryKey: trpc.refunds.pathKey() });
        void queryClient.invalidateQueries(trpc.transactions.detail.queryFilter());
      },
    }),
    // The refusals a merchant can act on, in the page's language (the server's sentences are English).
    { describe: (err) => refusal(err) ?? friendlyError(err, t) },
  );
  const refusal = (err: unknown) => {
    if (!(err instanceof TRPCClientError)) return null;
    const data = err.data as { appCode?: string | null } | undefined;
    if (data?.appCode === "insufficient_balance") return t("refunds.insufficient");
    if (err.message === "Refund exceeds the refundable amount") return t("refunds.exceeds", { amount: m(left) });
    return null;
  };
  const { fields } = create;
  const m = (v: string) => formatMoney(v, currency, locale);
  const left = refunds.data?.refundable ?? "0";
  const canRefund = can("developer") && refunds.isSuccess && left !== "0";

  return (
    <Card className="mt-6" aria-labelledby="refunds-title">
      <CardHeader
        id="refunds-title"
        title={t("refunds.title")}
        description={refunds.isSuccess ? t("refunds.left", { amount: m(left) }) : undefined}
        actions={
          canRefund ? (
            <Button variant="secondary" onClick={openDialog}>
              {t("refunds.button")}
            </Button>
          ) : null
        }
      />
      {refunds.isPending ? (
        <div className="p-4">
          <LoadingState rows={2} />
        </div>
      ) : refunds.isError ? (
        <EmptyState title={friendlyError(refunds.error, t)} />
      ) : refunds.data.refunds.length === 0 ? (
        <EmptyState title={t("refunds.none")} />
      ) : (
        <ResponsiveTable
          label={t("refunds.title")}
          items={refunds.data.refunds}
          card={(r) => (
            <li key={r.id} data-testid="refund-row-mobile" data-transaction-id={r.id}>
              <Link href={`/dashboard/transactions/${r.id}`} className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600">
                <div className="flex items-center justify-between gap-3">
                  <span className="font-medium tabular-nums text-slate-900">{m(`-${r.amount}`)}</span>
                  <StatusBadge status={r.status} />
                </div>
                <div className="mt-1 flex items-center justify-between gap-3 text-xs text-slate-500">
                  <span className="truncate font-mono">{r.id}</span>
                  <span className="shrink-0">{formatDateTime(r.createdAt, locale)}</span>
                </div>
              </Link>
            </li>
          )}
          head={
            <>
              <Th>{t("refunds.id")}</Th>
              <Th>{t("refunds.status")}</Th>
              <Th className="text-right">{t("refunds.amount")}</Th>
              <Th>{t("refunds.created")}</Th>
            </>
          }
          row={(r) => (
            <tr key={r.id} data-testid="refund-row" data-transaction-id={r.id}>
              <Td>
                <Link href={`/dashboard/transactions/${r.id}`} className="font-mono text-xs text-emerald-700 hover:underline">
                  {r.id}
                </Link>
              </Td>
              <Td>
                <StatusBadge status={r.status} />
              </Td>
              <Td className="text-right tabular-nums">{m(`-${r.amount}`)}</Td>
              <Td>{formatDateTime(r.createdAt, locale)}</Td>
            </tr>
          )}
        />
      )}
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("refunds.dialogTitle")}
        formId="refund-form"
        submitLabel={t("refunds.submit")}
        cancelLabel={t("common.cancel")}
        loading={create.isPending}
      >
        <p className="mb-4">{t("refunds.body", { amount: m(left) })}</p>
        <form
          id="refund-form"
          className="space-y-3"
          noValidate
          onChange={() => setAttemptKey(newAttemptKey())}
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            create.mutate({ ...scope, id: payinId, amount: String(f.get("amount") ?? ""), reason: String(f.get("reason") ?? ""), idempotencyKey: attemptKey });
          }}
        >
          <Field label={t("refunds.amountLabel", { currency })} error={fields.amount}>
            {(p) => <Input {...p} name="amount" inputMode="decimal" defaultValue={left} required autoFocus />}
          </Field>
          <Field label={t("refunds.reason")} optionalLabel={t("common.optional")} error={fields.reason}>
            {(p) => <Textarea {...p} name="reason" rows={2} maxLength={255} />}
          </Field>
        </form>
      </FormDialog>
    </Card>
  );
}
