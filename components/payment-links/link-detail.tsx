"use client";

import Link from "next/link";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { LinkStatus } from "./link-status";

/** One link: its URL to share (copy, WhatsApp, QR code), its totals, its payments, deactivation. */
export function LinkDetail({ id }: { id: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.paymentLinks.get.queryOptions({ ...scope, id }, { refetchInterval: (q) => (q.state.status === "error" ? false : 5000) }));
  const [confirming, setConfirming] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  // The configured public URL; else this browser's origin (the data loads after mount, never on the server).
  const base = detail.data?.origin ?? (typeof window === "undefined" ? null : window.location.origin);
  const url = detail.data && base ? `${base}/pay/${detail.data.link.slug}` : null;
  useEffect(() => {
    if (url) void QRCode.toDataURL(url, { margin: 1, width: 480 }).then(setQr);
  }, [url]);
  const deactivate = useMutation(
    trpc.paymentLinks.deactivate.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        toast.success(t("links.deactivated"));
        void queryClient.invalidateQueries({ queryKey: trpc.paymentLinks.pathKey() });
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );

  return (
    <QueryBoundary query={detail} notFound={t("links.notFound")}>
      {({ link, payments }) => {
        const money = (v: string) => formatMoney(v, link.currency, locale);
        return (
          <>
            <Link href="/dashboard/payment-links" className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
              <ArrowLeftIcon className="h-4 w-4" /> {t("links.back")}
            </Link>
            <PageHeader
              title={link.title}
              description={link.description ?? undefined}
              actions={
                can("developer") && link.status === "active" ? (
                  <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="deactivate-link">
                    {t("links.deactivate")}
                  </Button>
                ) : null
              }
            />
            <div className="grid gap-6 lg:grid-cols-3">
              <Card className="lg:col-span-2">
                <CardHeader title={t("links.share")} actions={<LinkStatus status={link.status} />} />
                <CardBody className="space-y-4">
                  {url ? (
                    <>
                      <p className="break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800" data-testid="link-url">
                        {url}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        <CopyButton value={url} />
                        <a href={`https://wa.me/?text=${encodeURIComponent(`${link.title} ${url}`)}`} target="_blank" rel="noopener noreferrer" className="inline-flex h-8 items-center rounded-lg bg-[#25D366] px-3 text-sm font-medium text-white hover:brightness-95">
                          {t("links.whatsapp")}
                        </a>
                        <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex h-8 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
                          {t("links.open_page")}
                        </a>
                      </div>
                    </>
                  ) : null}
                  <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
                    <div>
                      <dt className="text-slate-500">{t("links.amount")}</dt>
                      <dd className="font-medium text-slate-900 tabular-nums">{link.amount ? money(link.amount) : t("links.anyAmount", { min: money(link.minAmount ?? "0"), max: money(link.maxAmount ?? "0") })}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">{t("links.collected")}</dt>
                      <dd className="font-medium text-slate-900 tabular-nums" data-testid="link-collected">{money(link.collected)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">{t("links.payments")}</dt>
                      <dd className="text-slate-900">{t("links.successful", { count: link.successfulCount })}</dd>
                    </div>
                  </dl>
                </CardBody>
              </Card>
              <Card>
                <CardHeader title={t("links.qr")} />
                <CardBody className="flex flex-col items-center gap-3">
                  {qr ? (
                    <>
                      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn here, nothing to optimise */}
                      <img src={qr} alt={t("links.qr")} className="h-48 w-48" />
                      <a href={qr} download={`sika-${link.slug}.png`} className="text-sm font-medium text-emerald-700 hover:underline">
                        {t("links.downloadQr")}
                      </a>
                    </>
                  ) : null}
                </CardBody>
              </Card>
            </div>
            <Card className="mt-6">
              <CardHeader title={t("links.payments")} description={t("links.paymentsCount", { count: payments.length })} />
              {payments.length === 0 ? (
                <EmptyState title={t("links.noPayments")} />
              ) : (
                <ResponsiveTable
                  label={t("links.payments")}
                  items={payments}
                  card={(p) => (
                    <li key={p.id} className="px-4 py-3">
                      <Link href={`/dashboard/transactions/${p.id}`} className="flex items-center justify-between gap-2">
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-medium text-slate-900">{p.payerName ?? p.phone}</span>
                          <span className="block text-xs text-slate-500">{formatDateTime(p.createdAt, locale)}</span>
                        </span>
                        <span className="text-right">
                          <span className="block text-sm tabular-nums">{money(p.amount)}</span>
                          <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
                        </span>
                      </Link>
                    </li>
                  )}
                  head={
                    <>
                      <Th>{t("links.date")}</Th>
                      <Th>{t("links.payer")}</Th>
                      <Th className="text-right">{t("links.amount")}</Th>
                      <Th>{t("transactions.status")}</Th>
                      <Th>{t("transactions.id")}</Th>
                    </>
                  }
                  row={(p) => (
                    <tr key={p.id}>
                      <Td>{formatDateTime(p.createdAt, locale)}</Td>
                      <Td>
                        <span className="block">{p.payerName ?? p.phone}</span>
                        <span className="block text-xs text-slate-500">{[p.payerEmail, p.payerReference].filter(Boolean).join(" · ") || p.phone}</span>
                      </Td>
                      <Td className="text-right tabular-nums">{money(p.amount)}</Td>
                      <Td>
                        <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
                      </Td>
                      <Td>
                        <Link href={`/dashboard/transactions/${p.id}`} className="font-mono text-xs text-emerald-700 hover:underline">
                          {p.id}
                        </Link>
                      </Td>
                    </tr>
                  )}
                />
              )}
            </Card>
            <ConfirmDialog
              open={confirming}
              onClose={() => setConfirming(false)}
              onConfirm={() => deactivate.mutate({ ...scope, id })}
              title={t("links.deactivateTitle")}
              body={t("links.deactivateBody")}
              confirmLabel={t("links.deactivate")}
              cancelLabel={t("common.cancel")}
              loading={deactivate.isPending}
              danger
            />
          </>
        );
      }}
    </QueryBoundary>
  );
}
