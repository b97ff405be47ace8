"use client";

import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatDate } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { KYC_STATUSES } from "@/server/vocabulary";

type Kyc = "unverified" | "pending" | "approved" | "rejected";
const PAGE = 50;

export function MerchantsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [kyc, setKyc] = useState<Kyc | "">("");
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(typed.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(id);
  }, [typed]);
  const list = useQuery(trpc.operator.merchants.queryOptions({ search: search || undefined, kycStatus: kyc || undefined, offset }, { placeholderData: keepPreviousData }));

  return (
    <>
      <PageHeader title={t("console.merchants")} description={list.data ? t("console.total", { count: list.data.total }) : undefined} />
      <Card>
        <form role="search" className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-[1fr_14rem] sm:px-5" onSubmit={(e) => e.preventDefault()}>
          <Field label={t("common.search")}>{(p) => <Input {...p} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t("console.searchMerchants")} />}</Field>
          <Field label={t("console.kycStatus")}>
            {(p) => (
              <Select
                {...p}
                value={kyc}
                onChange={(e) => {
                  setKyc(e.target.value as Kyc | "");
                  setOffset(0);
                }}
              >
                <option value="">{t("common.all")}</option>
                {KYC_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`kyc.${s}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </form>
        <QueryBoundary query={list} rows={6}>
          {(data) =>
            data.rows.length === 0 ? (
              <EmptyState title={t("console.noMerchants")} />
            ) : (
              <>
                <Table label={t("console.merchants")}>
                  <thead>
                    <tr>
                      <Th>{t("console.name")}</Th>
                      <Th>{t("console.owner")}</Th>
                      <Th>{t("console.kycStatus")}</Th>
                      <Th>{t("console.members")}</Th>
                      <Th>{t("console.created")}</Th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.rows.map((m) => (
                      <tr key={m.id} className="hover:bg-slate-50">
                        <Td>
                          <Link href={`/console/merchants/${m.id}`} className="font-medium text-emerald-800 hover:underline">
                            {m.name}
                          </Link>
                          <div className="font-mono text-xs text-slate-400">{m.id}</div>
                        </Td>
                        <Td>{m.ownerEmail ?? t("common.none")}</Td>
                        <Td>
                          <Badge tone={statusTone[m.kycStatus]}>{t(`kyc.${m.kycStatus}`)}</Badge>
                        </Td>
                        <Td>{m.memberCount}</Td>
                        <Td>{formatDate(m.createdAt, locale)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                {data.total > PAGE ? (
                  <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
                    <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                      {t("common.previous")}
                    </Button>
                    <Button variant="secondary" size="sm" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>
                      {t("common.next")}
                    </Button>
                  </div>
                ) : null}
              </>
            )
          }
        </QueryBoundary>
      </Card>
    </>
  );
}
