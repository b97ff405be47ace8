"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, DetailList, PageHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { DevelopersTabs, HttpStatus } from "./developers-tabs";
import { EndpointFormDialog } from "./endpoint-form";
import { successRate } from "./endpoints-page";
import { CursorPager, useCursors } from "./cursor-pager";

/** One endpoint: its settings and secret (reveal, rotate), enable/disable, delete, and its delivery log. */
export function EndpointDetail({ id }: { id: string }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can } = useMerchant();
  const pager = useCursors();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<"delete" | "rotate" | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const detail = useQuery(trpc.developers.endpoint.queryOptions({ ...scope, id, cursor: pager.cursor }, { refetchInterval: (q) => (q.state.status === "error" ? false : 10_000) }));
  const refresh = () => void queryClient.invalidateQueries(trpc.developers.endpoint.queryFilter());
  const onError = (err: unknown) => toast.error(friendlyError(err, t));
  const reveal = useMutation(trpc.developers.revealEndpointSecret.mutationOptions({ onSuccess: (r) => setSecret(r.secret), onError }));
  const rotate = useMutation(
    trpc.developers.rotateEndpointSecret.mutationOptions({ onSuccess: (r) => (setSecret(r.secret), setConfirm(null), toast.success(t("developers.rotated")), refresh()), onError }),
  );
  const toggle = useMutation(trpc.developers.updateEndpoint.mutationOptions({ onSuccess: refresh, onError }));
  const remove = useMutation(
    trpc.developers.deleteEndpoint.mutationOptions({
      onSuccess: () => {
        toast.success(t("integrators.endpoints.deleted"));
        router.push("/dashboard/developers/endpoints");
      },
      onError,
    }),
  );
  return (
    <>
      <PageHeader title={t("developers.title")} />
      <DevelopersTabs />
      <Link href="/dashboard/developers/endpoints" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" />
        {t("integrators.endpoints.back")}
      </Link>
      <QueryBoundary query={detail} rows={6} notFound={t("integrators.endpoints.notFound")}>
        {({ endpoint: e, attempts }) => (
          <div className="space-y-6">
            <Card aria-labelledby="endpoint-title">
              <CardHeader
                id="endpoint-title"
                title={e.description ?? t("integrators.endpoints.title")}
                actions={
                  can("developer") ? (
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                        {t("integrators.endpoints.edit")}
                      </Button>
                      <Button variant="secondary" size="sm" loading={toggle.isPending} onClick={() => toggle.mutate({ ...scope, id, enabled: !e.enabled })}>
                        {e.enabled ? t("integrators.endpoints.disable") : t("integrators.endpoints.enable")}
                      </Button>
                      <Button variant="danger" size="sm" onClick={() => setConfirm("delete")}>
                        {t("integrators.endpoints.delete")}
                      </Button>
                    </div>
                  ) : null
                }
              />
              <CardBody className="space-y-5">
                <DetailList
                  items={[
                    { label: t("integrators.endpoints.url"), value: <span className="break-all font-mono text-xs">{e.url}</span> },
                    {
                      label: t("integrators.endpoints.enabled"),
                      value: (
                        <span className="inline-flex gap-2">
                          <Badge tone={e.enabled ? "green" : "slate"}>{e.enabled ? t("integrators.endpoints.enabled") : t("integrators.endpoints.disabled")}</Badge>
                          {e.is_default ? <Badge tone="blue">{t("integrators.endpoints.default")}</Badge> : null}
                        </span>
                      ),
                    },
                    { label: t("integrators.endpoints.eventTypes"), value: <span className="font-mono text-xs">{e.event_types.join(", ")}</span> },
                    { label: t("integrators.endpoints.successRate"), value: successRate(e.stats, t) },
                  ]}
                />
                <div className="space-y-1.5">
                  <p className="text-sm font-medium text-slate-700">{t("developers.secret")}</p>
                  <div className="flex flex-wrap items-center gap-2">
                    <code data-testid="endpoint-secret-value" className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs">
                      {secret ?? "whsec_••••••••••••"}
                    </code>
                    {can("developer") ? (
                      <>
                        {secret ? <CopyButton value={secret} /> : (
                          <Button variant="secondary" size="sm" onClick={() => reveal.mutate({ ...scope, id })} loading={reveal.isPending}>
                            {t("developers.reveal")}
                          </Button>
                        )}
                        <Button variant="secondary" size="sm" onClick={() => setConfirm("rotate")}>
                          {t("developers.rotate")}
                        </Button>
                      </>
                    ) : null}
                  </div>
                  {e.secret_shared_with_mode ? <p className="text-xs text-slate-500">{t("integrators.endpoints.sharedSecret")}</p> : null}
                </div>
              </CardBody>
            </Card>
            <Card aria-labelledby="attempts-title">
              <CardHeader id="attempts-title" title={t("integrators.endpoints.deliveryLog")} />
              {attempts.items.length === 0 ? (
                <EmptyState title={t("integrators.endpoints.noAttempts")} />
              ) : (
                <ResponsiveTable
                  label={t("integrators.endpoints.deliveryLog")}
                  items={attempts.items}
                  card={(a) => (
                    <li key={a.id} className="px-4 py-3 text-sm" data-testid="endpoint-attempt-mobile">
                      <div className="flex items-center justify-between gap-2">
                        <Link href={`/dashboard/developers/events/${a.event_id}`} className="min-w-0 truncate font-mono text-xs text-emerald-700">
                          {a.transaction_id ?? a.event_id}
                        </Link>
                        <HttpStatus code={a.status_code} />
                      </div>
                      <p className="mt-1 text-xs text-slate-500">
                        {formatDateTime(a.created_at, locale)} · {a.duration_ms} ms{a.error ? ` · ${a.error}` : ""}
                      </p>
                    </li>
                  )}
                  head={
                    <>
                      <Th>{t("integrators.logs.time")}</Th>
                      <Th>{t("detail.event")}</Th>
                      <Th>{t("integrators.logs.transaction")}</Th>
                      <Th>{t("detail.code")}</Th>
                      <Th>{t("detail.duration")}</Th>
                      <Th>{t("integrators.events.lastError")}</Th>
                    </>
                  }
                  row={(a) => (
                    <tr key={a.id} data-testid="endpoint-attempt">
                      <Td>{formatDateTime(a.created_at, locale)}</Td>
                      <Td className="font-mono text-xs">
                        <Link href={`/dashboard/developers/events/${a.event_id}`} className="text-emerald-700 hover:underline">
                          {a.event_id}
                        </Link>
                      </Td>
                      <Td className="font-mono text-xs">{a.transaction_id ?? t("common.none")}</Td>
                      <Td>
                        <HttpStatus code={a.status_code} />
                      </Td>
                      <Td className="tabular-nums">{a.duration_ms} ms</Td>
                      <Td className="max-w-[16rem] truncate text-xs">{a.error ?? ""}</Td>
                    </tr>
                  )}
                />
              )}
              <CursorPager pager={pager} nextCursor={attempts.nextCursor} />
            </Card>
            {editing ? <EndpointFormDialog open={editing} onClose={() => setEditing(false)} initial={e} /> : null}
          </div>
        )}
      </QueryBoundary>
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === "delete" ? remove.mutate({ ...scope, id }) : rotate.mutate({ ...scope, id }))}
        title={confirm === "delete" ? t("integrators.endpoints.deleteTitle") : t("developers.rotateTitle")}
        body={confirm === "delete" ? t("integrators.endpoints.deleteBody") : t("developers.rotateBody")}
        confirmLabel={confirm === "delete" ? t("integrators.endpoints.delete") : t("developers.rotate")}
        cancelLabel={t("common.cancel")}
        loading={remove.isPending || rotate.isPending}
      />
    </>
  );
}
