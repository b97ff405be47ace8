"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { countryName, formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useReason, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { errorCode, friendlyError } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, DetailList } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { networkName } from "./network-name";
import { LedgerList } from "./ledger-list";
import { RefundsCard } from "./refunds-card";
import { RowStatus, StatusBadge, signedAmount } from "./transaction-table";
import { WebhookDeliveries } from "./webhook-deliveries";

export function TransactionDetail({ id }: { id: string }) {
  const t = useT();
  const reason = useReason();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can } = useMerchant();
  const detail = useQuery(
    trpc.transactions.detail.queryOptions(
      { ...scope, id },
      {
        // Poll while something is still moving: a pending payment or an undelivered webhook.
        refetchInterval: (q) => {
          const d = q.state.data;
          return d && (d.transaction.status === "pending" || d.webhooks.some((w) => w.state === "pending")) ? 2000 : false;
        },
      },
    ),
  );
  const resend = useMutation(
    trpc.transactions.resendWebhook.mutationOptions({
      onSuccess: (r) => {
        toast.success(t("detail.resent", { url: r.webhookUrl }));
        void queryClient.invalidateQueries(trpc.transactions.detail.queryFilter());
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );

  const back = (
    <Link href="/dashboard/transactions" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
      <ArrowLeftIcon className="h-4 w-4" />
      {t("detail.back")}
    </Link>
  );
  if (detail.isPending) {
    return (
      <>
        {back}
        <Card>
          <CardBody>
            <LoadingState rows={6} />
          </CardBody>
        </Card>
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {back}
        <Card>{errorCode(detail.error) === "NOT_FOUND" ? <EmptyState title={t("detail.notFound")} /> : <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />}</Card>
      </>
    );
  }
  const { transaction: tx, timeline, ledger, webhooks, endpoints, requestLogCount } = detail.data;
  const m = (v: string) => formatMoney(v, tx.currency, locale);

  return (
    <>
      {back}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{t(`types.${tx.type}`)}</p>
          <h1 className="mt-0.5 text-3xl font-semibold tabular-nums tracking-tight text-slate-900" data-testid="transaction-amount">
            {m(signedAmount(tx))}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2" data-transaction-id={tx.id} data-status={tx.status}>
            <RowStatus row={tx} />
            <code className="break-all font-mono text-xs text-slate-500">{tx.id}</code>
            <CopyButton value={tx.id} />
          </div>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-labelledby="summary-title">
          <CardHeader id="summary-title" title={t("detail.summary")} />
          <CardBody>
            <DetailList
              items={[
                { label: t("detail.amount"), value: <span className="tabular-nums">{m(tx.amount)}</span> },
                { label: t("detail.fee"), value: <span className="tabular-nums">{m(tx.fee)}</span> },
                { label: t("detail.charged"), value: <span className="font-medium tabular-nums">{m(tx.chargedAmount)}</span> },
                { label: t("detail.orderId"), value: tx.orderId ?? t("common.none") },
                { label: t("detail.phone"), value: <span className="tabular-nums">+{tx.phoneNumber}</span> },
                { label: t("detail.network"), value: networkName(tx.countryCode, tx.network) },
                { label: t("detail.country"), value: countryName(tx.countryCode, locale) },
                ...(tx.route
                  ? [{ label: t("liveRoutes.route"), value: <span data-testid="route">{`${tx.route.label} (${t(tx.route.kind === "direct" ? "liveRoutes.direct" : "liveRoutes.aggregator")})`}</span> }]
                  : []),
                ...(tx.beneficiary ? [{ label: t("detail.beneficiary"), value: tx.beneficiary }] : []),
                ...(tx.failureReason ? [{ label: t("detail.failureReason"), value: <span data-testid="failure-reason">{reason(tx.failureReason)}</span> }] : []),
                ...(tx.callbackUrl ? [{ label: t("detail.callbackUrl"), value: <span className="break-all font-mono text-xs">{tx.callbackUrl}</span> }] : []),
                { label: t("detail.created"), value: formatDateTime(tx.createdAt, locale) },
                { label: t("detail.updated"), value: formatDateTime(tx.updatedAt, locale) },
              ]}
            />
          </CardBody>
        </Card>

        <Card aria-labelledby="timeline-title">
          <CardHeader id="timeline-title" title={t("detail.timeline")} />
          <CardBody>
            <ol className="relative space-y-4 border-l border-slate-200 pl-5">
              {timeline.map((e) => (
                <li key={e.id} className="relative">
                  <span className="absolute -left-[1.6rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-emerald-600 ring-1 ring-slate-200" aria-hidden />
                  <div className="flex flex-wrap items-center gap-2">
                    {e.fromStatus === null ? <span className="text-sm font-medium text-slate-900">{t("detail.created_event")}</span> : null}
                    <StatusBadge status={e.toStatus} />
                  </div>
                  <p className="mt-0.5 text-xs text-slate-500">{formatDateTime(e.at, locale)}</p>
                  {e.reason && e.fromStatus !== null ? <p className="mt-0.5 text-xs text-slate-600" data-testid="timeline-reason">{reason(e.reason)}</p> : null}
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>
      </div>

      {tx.type === "payin" && tx.status === "successful" ? <RefundsCard payinId={tx.id} currency={tx.currency} /> : null}

      <Card className="mt-6" aria-labelledby="webhooks-title">
        <CardHeader
          id="webhooks-title"
          title={t("detail.webhooks")}
          actions={
            can("developer") ? (
              <Button variant="secondary" onClick={() => resend.mutate({ ...scope, id: tx.id })} loading={resend.isPending}>
                {resend.isPending ? t("detail.resending") : t("detail.resend")}
              </Button>
            ) : null
          }
        />
        {webhooks.length === 0 ? (
          <EmptyState title={t("detail.noWebhooks")} />
        ) : (
          <div className="py-4">
            <WebhookDeliveries events={webhooks} endpoints={endpoints} />
          </div>
        )}
      </Card>

      <Card className="mt-6" aria-labelledby="requests-title">
        <CardHeader id="requests-title" title={t("integrators.detail.requests")} />
        <CardBody>
          {requestLogCount > 0 ? (
            <Link href={`/dashboard/developers/logs?transaction=${encodeURIComponent(tx.id)}`} className="text-sm font-medium text-emerald-700 hover:underline" data-testid="transaction-requests-link">
              {t("integrators.detail.requestsLink", { count: requestLogCount })} →
            </Link>
          ) : (
            <p className="text-sm text-slate-500">{t("integrators.detail.noRequests")}</p>
          )}
        </CardBody>
      </Card>

      <Card className="mt-6" aria-labelledby="ledger-title">
        <CardHeader id="ledger-title" title={t("detail.ledger")} />
        {ledger.length === 0 ? <EmptyState title={t("detail.noLedger")} /> : <LedgerList entries={ledger} />}
      </Card>
    </>
  );
}
