"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { ConfirmDialog, FormDialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/app-router";

type Approval = inferRouterOutputs<AppRouter>["approvals"]["list"][number];
const tones: Record<Approval["status"], Tone> = { awaiting_approval: "blue", approved: "green", rejected: "red", void: "slate" };

/**
 * Payouts and bulk batches waiting for a second owner (issue 22, maker-checker). Every member
 * sees them; an owner other than the one who asked approves or rejects. The money is
 * reserved meanwhile; nothing is sent before the approval.
 */
export function ApprovalsPage() {
  const scope = useScope();
  const { can } = useMerchant();
  const trpc = useTRPC();
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const waiting = useQuery(trpc.approvals.list.queryOptions({ ...scope, status: "awaiting_approval" }));
  const recent = useQuery(trpc.approvals.list.queryOptions(scope));
  const [approving, setApproving] = useState<Approval | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);
  const [reason, setReason] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.transactions.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.balances.pathKey() });
  };
  const approve = useMutation(
    trpc.approvals.approve.mutationOptions({
      onSuccess: () => {
        setApproving(null);
        toast.success(t("control.approvals.approvedToast"));
        refresh();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const reject = useMutation(
    trpc.approvals.reject.mutationOptions({
      onSuccess: () => {
        setRejecting(null);
        setReason("");
        toast.success(t("control.approvals.rejectedToast"));
        refresh();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );

  const what = (a: Approval) =>
    a.transactionId ? (
      <Link href={`/dashboard/transactions/${a.transactionId}`} className="font-medium text-emerald-800 hover:underline">
        {a.beneficiary ?? a.transactionId}
      </Link>
    ) : (
      <Link href={`/dashboard/payouts/bulk/${a.bulkBatchId}`} className="font-medium text-emerald-800 hover:underline">
        {t("control.approvals.batch", { count: a.itemCount })}
      </Link>
    );
  const who = (a: Approval) => (
    <span className="text-slate-600">
      {a.requestedByLabel}
      {a.requestedByYou ? ` (${t("common.you")})` : ""} · {t(a.source === "api" ? "control.approvals.viaApi" : "control.approvals.viaDashboard")}
    </span>
  );
  const actions = (a: Approval) =>
    a.status !== "awaiting_approval" ? null : !can("owner") ? (
      <span className="text-xs text-slate-500">{t("control.approvals.ownersDecide")}</span>
    ) : a.requestedByYou ? (
      <span className="text-xs text-slate-500">{t("control.approvals.anotherOwner")}</span>
    ) : (
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" onClick={() => setApproving(a)} data-testid="approve-payout">
          {t("control.approvals.approve")}
        </Button>
        <Button size="sm" variant="secondary" className="text-red-700 hover:bg-red-50" onClick={() => setRejecting(a)} data-testid="reject-payout">
          {t("control.approvals.reject")}
        </Button>
      </div>
    );
  const status = (a: Approval) => <Badge tone={tones[a.status]}>{t(`control.approvals.statuses.${a.status}` as never)}</Badge>;

  const table = (rows: Approval[], title: string) => (
    <ResponsiveTable
      label={title}
      items={rows}
      card={(a) => (
        <li key={a.id} className="space-y-1 px-4 py-3 text-sm" data-testid="approval-mobile">
          <div className="flex items-center justify-between gap-3">
            <span className="font-semibold tabular-nums text-slate-900">{formatMoney(a.amount, a.currency, locale)}</span>
            {status(a)}
          </div>
          <div>{what(a)}</div>
          <div className="text-xs">{who(a)}</div>
          <div className="text-xs text-slate-500">{formatDateTime(a.createdAt, locale)}</div>
          {a.decidedByLabel ? <div className="text-xs text-slate-500">{t("control.approvals.decidedBy", { who: a.decidedByLabel })}</div> : null}
          <div className="pt-1">{actions(a)}</div>
        </li>
      )}
      head={
        <>
          <Th>{t("control.approvals.payout")}</Th>
          <Th className="text-right">{t("transactions.amount")}</Th>
          <Th>{t("control.approvals.requestedBy")}</Th>
          <Th>{t("transactions.status")}</Th>
          <Th className="text-right">
            <span className="sr-only">{t("control.approvals.decision")}</span>
          </Th>
        </>
      }
      row={(a) => (
        <tr key={a.id} data-testid="approval-row">
          <Td>
            {what(a)}
            <div className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(a.createdAt, locale)}</div>
          </Td>
          <Td className="whitespace-nowrap text-right font-medium tabular-nums text-slate-900">{formatMoney(a.amount, a.currency, locale)}</Td>
          <Td className="max-w-[15rem]">
            <div className="truncate text-slate-700" title={a.requestedByLabel}>
              {a.requestedByLabel}
              {a.requestedByYou ? ` (${t("common.you")})` : ""}
            </div>
            <div className="text-xs text-slate-500">{t(a.source === "api" ? "control.approvals.viaApi" : "control.approvals.viaDashboard")}</div>
          </Td>
          <Td>
            {status(a)}
            {a.decidedByLabel ? <div className="mt-1 max-w-[12rem] truncate text-xs text-slate-500">{a.decidedByLabel}</div> : null}
          </Td>
          <Td className="text-right">{actions(a)}</Td>
        </tr>
      )}
    />
  );

  return (
    <>
      <PageHeader title={t("control.approvals.title")} description={t("control.approvals.subtitle")} />
      <div className="space-y-6">
        <Card aria-labelledby="waiting-title">
          <CardHeader
            id="waiting-title"
            title={t("control.approvals.waiting")}
            actions={
              can("owner") ? (
                <Link href="/dashboard/settings#payout-approvals" className="text-sm font-medium text-emerald-700 hover:underline">
                  {t("control.approvals.thresholdsLink")}
                </Link>
              ) : null
            }
          />
          <QueryBoundary query={waiting}>{(rows) => (rows.length ? table(rows, t("control.approvals.waiting")) : <EmptyState title={t("control.approvals.none")} />)}</QueryBoundary>
        </Card>
        <Card aria-labelledby="decided-title">
          <CardHeader id="decided-title" title={t("control.approvals.history")} />
          <QueryBoundary query={recent}>
            {(rows) => {
              const decided = rows.filter((r) => r.status !== "awaiting_approval");
              return decided.length ? table(decided, t("control.approvals.history")) : <EmptyState title={t("control.approvals.noHistory")} />;
            }}
          </QueryBoundary>
        </Card>
      </div>

      <ConfirmDialog
        open={approving !== null}
        onClose={() => setApproving(null)}
        onConfirm={() => approving && approve.mutate({ ...scope, approvalId: approving.id })}
        title={t("control.approvals.approveTitle")}
        body={approving ? t("control.approvals.approveBody", { amount: formatMoney(approving.amount, approving.currency, locale), who: approving.requestedByLabel }) : ""}
        confirmLabel={t("control.approvals.approve")}
        cancelLabel={t("common.cancel")}
        loading={approve.isPending}
      />
      <FormDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t("control.approvals.rejectTitle")}
        formId="reject-payout-form"
        submitLabel={t("control.approvals.reject")}
        cancelLabel={t("common.cancel")}
        loading={reject.isPending}
      >
        <form
          id="reject-payout-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (rejecting) reject.mutate({ ...scope, approvalId: rejecting.id, reason: reason.trim() || undefined });
          }}
          className="space-y-3"
        >
          <p className="text-sm text-slate-600">{t("control.approvals.rejectBody")}</p>
          <Field label={t("control.approvals.reason")} optionalLabel={t("common.optional")}>
            {(p) => <Input {...p} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} />}
          </Field>
        </form>
      </FormDialog>
    </>
  );
}
