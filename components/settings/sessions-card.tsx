"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";

/** "Chrome on Android" from a user agent: enough to recognise one's own devices. */
export function describeUserAgent(ua: string | null): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad|iOS/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X|Macintosh/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : null;
  return { browser, os };
}

/** Settings → Sessions (issue 19 §6): where the user is signed in; end any other one. */
export function SessionsCard() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.sessions.list.queryFilter());
  const end = useMutation(
    trpc.sessions.end.mutationOptions({
      onSuccess: () => {
        toast.success(t("security.sessionEnded"));
        refresh();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const endOthers = useMutation(
    trpc.sessions.endOthers.mutationOptions({
      onSuccess: (r) => {
        toast.success(t("security.othersEnded", { count: r.ended }));
        refresh();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  type Row = NonNullable<typeof sessions.data>[number];
  const device = (s: Row) => {
    const d = describeUserAgent(s.userAgent);
    if (d.browser && d.os) return t("security.browserOn", { browser: d.browser, os: d.os });
    return d.browser ?? d.os ?? t("security.unknownDevice");
  };
  const action = (s: Row) =>
    s.current ? (
      <Badge tone="green">{t("security.thisDevice")}</Badge>
    ) : (
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" loading={end.isPending && end.variables?.sessionId === s.id} onClick={() => end.mutate({ sessionId: s.id })}>
        {t("security.endSession")}
        <span className="sr-only"> {device(s)}</span>
      </Button>
    );
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader id="sessions-title" title={t("security.sessions")} description={t("security.sessionsHelp")} />
      <QueryBoundary query={sessions}>
        {(list) => (
          <>
            <ResponsiveTable
              label={t("security.sessions")}
              items={list}
              head={
                <>
                  <Th>{t("security.device")}</Th>
                  <Th>{t("security.address")}</Th>
                  <Th>{t("security.lastSeen")}</Th>
                  <Th>
                    <span className="sr-only">{t("security.endSession")}</span>
                  </Th>
                </>
              }
              row={(s) => (
                <tr key={s.id} data-testid="session-row">
                  <Td>
                    <div className="font-medium text-slate-900">{device(s)}</div>
                    <div className="text-xs text-slate-500">{t("security.signedInAt", { date: formatDateTime(s.createdAt, locale) })}</div>
                  </Td>
                  <Td className="font-mono text-xs">{s.address ?? "—"}</Td>
                  <Td>{formatDateTime(s.lastSeenAt, locale)}</Td>
                  <Td className="text-right">{action(s)}</Td>
                </tr>
              )}
              card={(s) => (
                <li key={s.id} className="flex items-start justify-between gap-3 px-4 py-3" data-testid="session-card">
                  <div className="min-w-0">
                    <div className="font-medium text-slate-900">{device(s)}</div>
                    <div className="text-xs text-slate-500">
                      {s.address ?? "—"} · {formatDateTime(s.lastSeenAt, locale)}
                    </div>
                  </div>
                  <div className="shrink-0">{action(s)}</div>
                </li>
              )}
            />
            {list.some((s) => !s.current) ? (
              <CardBody className="border-t border-slate-100">
                <Button variant="secondary" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
                  {t("security.endOthers")}
                </Button>
              </CardBody>
            ) : null}
          </>
        )}
      </QueryBoundary>
    </Card>
  );
}
