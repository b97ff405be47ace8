"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT, type TFunction } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { DevelopersTabs } from "./developers-tabs";
import { EndpointFormDialog } from "./endpoint-form";

const MAX = 10;

export function successRate(stats: { attempts: number; succeeded: number; success_rate: number | null }, t: TFunction): string {
  if (stats.success_rate === null) return t("integrators.endpoints.noAttempts");
  return `${Math.round(stats.success_rate * 1000) / 10} % · ${t("integrators.endpoints.of", { ok: stats.succeeded, total: stats.attempts })}`;
}

/** The secret of a new endpoint, shown once in a dialog. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={secret !== null} onClose={onClose} title={t("integrators.endpoints.secretTitle")} footer={<Button onClick={onClose}>{t("common.close")}</Button>}>
      <p className="mb-3 text-sm text-slate-600">{t("integrators.endpoints.secretWarning")}</p>
      <div className="flex items-center gap-2">
        <code data-testid="endpoint-secret" className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs">
          {secret}
        </code>
        {secret ? <CopyButton value={secret} /> : null}
      </div>
    </Dialog>
  );
}

/** Developers → Endpoints (issue 23): the mode's webhook endpoints with their filters and success rate. */
export function EndpointsPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const scope = useScope();
  const { can } = useMerchant();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = useQuery(trpc.developers.endpoints.queryOptions(scope, { refetchInterval: 10_000 }));
  const full = (endpoints.data?.length ?? 0) >= MAX;
  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Card aria-labelledby="endpoints-title">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
          <div className="min-w-0 flex-1">
            <h2 id="endpoints-title" className="text-base font-semibold text-slate-900">
              {t("integrators.endpoints.title")}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{full ? t("integrators.endpoints.limit") : t("integrators.endpoints.hint")}</p>
          </div>
          {can("developer") ? (
            <Button onClick={() => setAdding(true)} disabled={full}>
              {t("integrators.endpoints.add")}
            </Button>
          ) : null}
        </div>
        <QueryBoundary query={endpoints}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t("integrators.endpoints.empty")} />
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.map((e) => (
                  <li key={e.id} className="px-4 py-4 sm:px-5" data-testid="endpoint-row">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link href={`/dashboard/developers/endpoints/${e.id}`} className="min-w-0 max-w-full truncate font-mono text-sm font-medium text-emerald-700 hover:underline">
                        {e.url}
                      </Link>
                      {e.is_default ? <Badge tone="blue">{t("integrators.endpoints.default")}</Badge> : null}
                      <Badge tone={e.enabled ? "green" : "slate"}>{e.enabled ? t("integrators.endpoints.enabled") : t("integrators.endpoints.disabled")}</Badge>
                    </div>
                    {e.description ? <p className="mt-1 text-sm text-slate-700">{e.description}</p> : null}
                    <div className="mt-2 flex flex-wrap gap-1">
                      {e.event_types.map((p) => (
                        <code key={p} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                          {p}
                        </code>
                      ))}
                    </div>
                    <p className="mt-2 text-xs text-slate-500" data-testid="endpoint-success-rate">
                      {t("integrators.endpoints.successRateLine", { rate: successRate(e.stats, t) })}
                      {e.stats.last_attempt_at ? ` · ${t("integrators.endpoints.lastAttempt")} ${formatDateTime(e.stats.last_attempt_at, locale)}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryBoundary>
      </Card>
      {adding ? <EndpointFormDialog open={adding} onClose={() => setAdding(false)} onCreated={setSecret} /> : null}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
