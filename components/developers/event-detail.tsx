"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, DetailList, PageHeader } from "@/components/ui/card";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { QueryBoundary } from "@/components/ui/states";
import { BodyBlock, DevelopersTabs } from "./developers-tabs";

/** One event: its payload, each delivery (which endpoint, state, attempts) and redelivery. */
export function EventDetail({ id }: { id: string }) {
  const scope = useScope();
  const trpc = useTRPC();
  const { can } = useMerchant();
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const event = useQuery(trpc.developers.event.queryOptions({ ...scope, id }, { refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.state === "pending") ? 2000 : false) }));
  const endpoints = useQuery(trpc.developers.endpoints.queryOptions(scope));
  const redeliver = useMutation(
    trpc.developers.redeliver.mutationOptions({
      onSuccess: () => {
        toast.success(t("integrators.events.redelivered"));
        void queryClient.invalidateQueries(trpc.developers.event.queryFilter());
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const label = (endpointId: string | null) => {
    if (!endpointId) return t("integrators.events.interfaceTarget");
    const e = endpoints.data?.find((x) => x.id === endpointId);
    return e ? (e.description ?? e.url) : endpointId;
  };
  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Link href="/dashboard/developers/events" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" />
        {t("integrators.events.back")}
      </Link>
      <QueryBoundary query={event} rows={6} notFound={t("integrators.events.notFound")}>
        {(e) => (
          <div className="space-y-6">
            <Card aria-labelledby="event-title">
              <CardHeader
                id="event-title"
                title={e.type}
                actions={
                  can("developer") ? (
                    <Button variant="secondary" onClick={() => redeliver.mutate({ ...scope, id: e.id })} loading={redeliver.isPending && !redeliver.variables?.endpointId}>
                      {t("integrators.events.redeliverAll")}
                    </Button>
                  ) : null
                }
              />
              <CardBody>
                <DetailList
                  items={[
                    { label: "ID", value: <span className="break-all font-mono text-xs">{e.id}</span> },
                    { label: t("integrators.logs.time"), value: formatDateTime(e.created_at, locale) },
                    {
                      label: t("integrators.logs.transaction"),
                      value: e.transaction_id ? (
                        <Link href={`/dashboard/transactions/${e.transaction_id}`} className="font-mono text-xs text-emerald-700 hover:underline">
                          {e.transaction_id}
                        </Link>
                      ) : (
                        t("common.none")
                      ),
                    },
                  ]}
                />
              </CardBody>
            </Card>
            <Card aria-labelledby="deliveries-title">
              <CardHeader id="deliveries-title" title={t("integrators.events.deliveries")} />
              <ul className="divide-y divide-slate-100">
                {e.deliveries.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm sm:px-5" data-testid="event-delivery">
                    <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={d.url ?? undefined}>
                      {label(d.endpoint_id)}
                      {d.redelivery ? <span className="ml-2 text-xs font-normal text-slate-400">{t("integrators.events.redelivery")}</span> : null}
                    </span>
                    <Badge tone={statusTone[d.state]}>{t(`eventState.${d.state}`)}</Badge>
                    <span className="text-xs text-slate-500">
                      {t("integrators.events.attemptsLine", { count: d.attempt_count })}
                      {d.last_attempt_at ? ` · ${formatDateTime(d.last_attempt_at, locale)}` : ""}
                    </span>
                    {d.last_error ? <p className="w-full [overflow-wrap:anywhere] text-xs text-red-700">{d.last_error}</p> : null}
                    {can("developer") && d.endpoint_id && !d.redelivery ? (
                      <Button variant="secondary" size="sm" onClick={() => redeliver.mutate({ ...scope, id: e.id, endpointId: d.endpoint_id! })}>
                        {t("integrators.events.redeliver")}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Card>
            <Card aria-labelledby="payload-title">
              <CardHeader id="payload-title" title={t("integrators.events.payload")} />
              <CardBody>
                <BodyBlock text={JSON.stringify(e.data)} empty={t("integrators.logs.noBody")} />
              </CardBody>
            </Card>
          </div>
        )}
      </QueryBoundary>
    </>
  );
}
