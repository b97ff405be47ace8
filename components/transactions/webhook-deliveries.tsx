"use client";

import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/app-router";
import { formatDateTime, formatTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { Badge, statusTone } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { isTransactionStatus } from "@/server/vocabulary";

const isStatus = isTransactionStatus;

type Detail = inferRouterOutputs<AppRouter>["transactions"]["detail"];
type Event = Detail["webhooks"][number];

/** Which endpoint a delivery went to (issue 23): its description or URL; null is the callback_url / default target. */
function EndpointLabel({ id, attempted, endpoints }: { id: string | null; attempted: boolean; endpoints: Detail["endpoints"] }) {
  const t = useT();
  const e = id ? endpoints.find((x) => x.id === id) : undefined;
  // An attempt without endpoint went to the transaction's own callback_url.
  const none = attempted ? t("integrators.detail.callback") : t("integrators.events.interfaceTarget");
  const text = id ? (e ? (e.description ?? e.url) : id) : none;
  return (
    <span className="text-xs text-slate-500" data-testid="webhook-endpoint">
      {t("integrators.detail.endpointLine", { name: text })}
    </span>
  );
}

function AttemptCode({ code }: { code: number | null }) {
  const ok = code !== null && code >= 200 && code < 300;
  return <Badge tone={ok ? "green" : "red"}>{code ?? "—"}</Badge>;
}

/** Each webhook event of the transaction and every attempt to deliver it. */
export function WebhookDeliveries({ events, endpoints = [] }: { events: Event[]; endpoints?: Detail["endpoints"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="divide-y divide-slate-100">
      {events.map((e) => (
        <li key={e.id} className="py-4 first:pt-0 last:pb-0" data-testid="webhook-event">
          <div className="mb-2 flex flex-wrap items-center gap-2 px-4 sm:px-5">
            <span className="font-mono text-xs text-slate-500">{e.id}</span>
            <span className="text-sm font-medium text-slate-900">{isStatus(e.status) ? t(`status.${e.status}`) : e.status}</span>
            {e.kind === "resend" ? <Badge tone="blue">{t("detail.resend")}</Badge> : null}
            <Badge tone={statusTone[e.state]}>{t(`eventState.${e.state}`)}</Badge>
            <EndpointLabel id={e.endpointId ?? e.attempts.at(-1)?.endpointId ?? null} attempted={e.attempts.length > 0} endpoints={endpoints} />
            <span className="ml-auto text-xs text-slate-500">{formatDateTime(e.createdAt, locale)}</span>
          </div>
          {e.attempts.length === 0 ? (
            <p className="px-4 text-sm text-slate-500 sm:px-5" data-testid="webhook-no-attempts">
              {/* A skipped event had nowhere to go and never will: say so rather than "not yet". */}
              {e.state === "skipped" ? t("detail.skippedNoUrl") : t("detail.noAttempts")}
              {e.nextAttemptAt ? ` · ${t("detail.retryAt")} ${formatTime(e.nextAttemptAt, locale)}` : null}
            </p>
          ) : (
            <>
              <ul className="space-y-2 px-4 sm:hidden">
                {e.attempts.map((a) => (
                  <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="webhook-attempt-mobile">
                    <div className="flex items-center justify-between gap-2">
                      <AttemptCode code={a.statusCode} />
                      <span className="text-xs tabular-nums text-slate-500">
                        {formatTime(a.at, locale)} · {a.durationMs} ms
                      </span>
                    </div>
                    <p className="mt-1.5 break-all font-mono text-xs text-slate-600">{a.url}</p>
                    <p className="mt-1 line-clamp-3 break-all font-mono text-xs text-slate-500">{a.error ?? a.responseExcerpt ?? t("detail.noResponse")}</p>
                  </li>
                ))}
              </ul>
              <Table label={`${t("detail.webhooks")} ${e.id}`} className="hidden sm:block">
                <thead>
                  <tr>
                    <Th>{t("detail.time")}</Th>
                    <Th>{t("detail.url")}</Th>
                    <Th>{t("detail.code")}</Th>
                    <Th>{t("detail.duration")}</Th>
                    <Th>{t("detail.response")}</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {e.attempts.map((a) => (
                    <tr key={a.id} data-testid="webhook-attempt">
                      <Td className="tabular-nums">{formatTime(a.at, locale)}</Td>
                      <Td className="max-w-[18rem] truncate">
                        <span title={a.url} className="font-mono text-xs">
                          {a.url}
                        </span>
                      </Td>
                      <Td>
                        <AttemptCode code={a.statusCode} />
                      </Td>
                      <Td className="tabular-nums">{a.durationMs} ms</Td>
                      <Td className="max-w-[20rem] whitespace-normal">
                        <code className="line-clamp-2 break-all font-mono text-xs text-slate-600">{a.error ?? a.responseExcerpt ?? t("detail.noResponse")}</code>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
