"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Card, CardBody, CardHeader, DetailList, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { QueryBoundary } from "@/components/ui/states";
import { BodyBlock, DevelopersTabs, HttpStatus } from "./developers-tabs";

/** One request log entry with both bodies (secrets already removed when it was stored). */
export function LogDetail({ id }: { id: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const entry = useQuery(trpc.developers.requestLog.queryOptions({ ...scope, id }));
  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Link href="/dashboard/developers/logs" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" />
        {t("integrators.logs.back")}
      </Link>
      <QueryBoundary query={entry} rows={6} notFound={t("integrators.logs.notFound")}>
        {(r) => (
          <div className="space-y-6">
            <Card aria-labelledby="log-title">
              <CardHeader id="log-title" title={`${r.method} ${r.path}`} actions={<HttpStatus code={r.status} />} />
              <CardBody>
                <DetailList
                  items={[
                    { label: t("integrators.logs.time"), value: formatDateTime(r.created_at, locale) },
                    { label: t("integrators.logs.duration"), value: <span className="tabular-nums">{r.duration_ms} ms</span> },
                    { label: t("integrators.logs.query"), value: <span className="break-all font-mono text-xs">{r.query || t("common.none")}</span> },
                    {
                      label: t("integrators.logs.requestId"),
                      value: (
                        // Wraps: at 375 px the id and its button are wider than the column.
                        <span className="flex flex-wrap items-center justify-end gap-2 font-mono text-xs sm:justify-start">
                          <span className="min-w-0 [overflow-wrap:anywhere]">{r.request_id}</span>
                          <CopyButton value={r.request_id} />
                        </span>
                      ),
                    },
                    { label: t("integrators.logs.idempotencyKey"), value: <span className="font-mono text-xs">{r.idempotency_key ?? t("common.none")}</span> },
                    { label: t("integrators.logs.key"), value: <span className="font-mono text-xs">{r.api_key.prefix ?? r.api_key.id}…</span> },
                    { label: t("integrators.logs.client"), value: r.client_address ?? t("common.none") },
                    {
                      label: t("integrators.logs.transaction"),
                      value: r.transaction_id ? (
                        <Link href={`/dashboard/transactions/${r.transaction_id}`} className="font-mono text-xs text-emerald-700 hover:underline">
                          {r.transaction_id}
                        </Link>
                      ) : (
                        t("common.none")
                      ),
                    },
                  ]}
                />
              </CardBody>
            </Card>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card aria-labelledby="req-body">
                <CardHeader id="req-body" title={t("integrators.logs.requestBody")} />
                <CardBody>
                  <BodyBlock text={r.request_body} empty={t("integrators.logs.noBody")} />
                </CardBody>
              </Card>
              <Card aria-labelledby="res-body">
                <CardHeader id="res-body" title={t("integrators.logs.responseBody")} />
                <CardBody>
                  <BodyBlock text={r.response_body} empty={t("integrators.logs.noBody")} />
                </CardBody>
              </Card>
            </div>
          </div>
        )}
      </QueryBoundary>
    </>
  );
}
