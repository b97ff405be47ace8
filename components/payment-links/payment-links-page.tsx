"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { formatMoney, formatDate } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { CreateLinkButton } from "./create-link-dialog";
import { LinkStatus } from "./link-status";

/** The merchant's payment links, newest first, with what each collected. */
export function PaymentLinksPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const links = useQuery(trpc.paymentLinks.list.queryOptions(scope));
  const amountOf = (l: { amount: string | null; minAmount: string | null; maxAmount: string | null; currency: string }) =>
    l.amount !== null ? formatMoney(l.amount, l.currency, locale) : t("links.anyAmount", { min: formatMoney(l.minAmount ?? "0", l.currency, locale), max: formatMoney(l.maxAmount ?? "0", l.currency, locale) });

  return (
    <>
      <PageHeader title={t("links.title")} description={t("links.description")} actions={can("developer") ? <CreateLinkButton /> : null} />
      <Card>
        <QueryBoundary query={links}>
          {(data) =>
            data.links.length === 0 ? (
              <EmptyState title={t("links.empty")} body={can("developer") ? t("links.emptyBody") : t("links.readOnly")} />
            ) : (
              <ResponsiveTable
                label={t("links.title")}
                items={data.links}
                card={(l) => (
                  <li key={l.id} className="px-4 py-3">
                    <Link href={`/dashboard/payment-links/${l.id}`} className="block space-y-1">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-medium text-slate-900">{l.title}</span>
                        <LinkStatus status={l.status} />
                      </div>
                      <div className="flex justify-between text-sm text-slate-600">
                        <span>{amountOf(l)}</span>
                        <span className="tabular-nums">{formatMoney(l.collected, l.currency, locale)}</span>
                      </div>
                    </Link>
                  </li>
                )}
                head={
                  <>
                    <Th>{t("links.linkTitle")}</Th>
                    <Th>{t("links.amount")}</Th>
                    <Th>{t("links.payments")}</Th>
                    <Th className="text-right">{t("links.collected")}</Th>
                    <Th>{t("links.date")}</Th>
                  </>
                }
                row={(l) => (
                  <tr key={l.id} className="hover:bg-slate-50">
                    <Td>
                      <Link href={`/dashboard/payment-links/${l.id}`} className="font-medium text-slate-900 hover:text-emerald-700">
                        {l.title}
                      </Link>{" "}
                      <LinkStatus status={l.status} />
                    </Td>
                    <Td>{amountOf(l)}</Td>
                    <Td>{t("links.successful", { count: l.successfulCount })}</Td>
                    <Td className="text-right tabular-nums">{formatMoney(l.collected, l.currency, locale)}</Td>
                    <Td>{formatDate(l.createdAt, locale)}</Td>
                  </tr>
                )}
              />
            )
          }
        </QueryBoundary>
      </Card>
    </>
  );
}
