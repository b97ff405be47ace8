"use client";

import { useT } from "@/components/i18n/provider";
import { useEffect } from "react";
import { errorCode, friendlyError } from "@/components/trpc/errors";
import { Button } from "./button";
import { cx } from "./cx";
import { AlertIcon, InboxIcon } from "./icons";

/** Placeholder rows while data loads; announced once to screen readers. */
export function LoadingState({ rows = 3, className }: { rows?: number; className?: string }) {
  const t = useT();
  return (
    <div className={cx("space-y-3", className)} role="status" aria-live="polite">
      <span className="sr-only">{t("common.loading")}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-4 animate-pulse rounded bg-slate-100" style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, body, action, className }: { title: string; body?: string; action?: React.ReactNode; className?: string }) {
  return (
    <div className={cx("flex flex-col items-center justify-center px-4 py-10 text-center", className)}>
      <InboxIcon className="h-8 w-8 text-slate-300" />
      <p className="mt-3 text-sm font-medium text-slate-900">{title}</p>
      {body ? <p className="mt-1 max-w-sm text-sm text-slate-500">{body}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** How soon a "temporarily unavailable" state asks again by itself (the API says Retry-After: 1). */
const UNAVAILABLE_RETRY_MS = 5_000;

export function ErrorState({ error, onRetry, className }: { error: unknown; onRetry?: () => void; className?: string }) {
  const t = useT();
  const unavailable = errorCode(error) === "SERVICE_UNAVAILABLE";
  useEffect(() => {
    if (!unavailable || !onRetry) return;
    const timer = setTimeout(onRetry, UNAVAILABLE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [unavailable, onRetry, error]);
  return (
    <div
      role="alert"
      data-state={unavailable ? "unavailable" : "error"}
      className={cx("flex flex-col items-center justify-center px-4 py-8 text-center", className)}
    >
      <AlertIcon className={cx("h-7 w-7", unavailable ? "text-amber-500" : "text-red-500")} />
      <p className="mt-2 text-sm font-medium text-slate-900">{unavailable ? t("errors.unavailableTitle") : t("common.errorTitle")}</p>
      <p className="mt-1 max-w-md text-sm text-slate-500">{friendlyError(error, t)}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      ) : null}
    </div>
  );
}

/** A detail query's errors that mean the thing does not exist here (unknown, or an id that cannot be one), not a failure to retry. */
export const isMissing = (error: unknown) => ["NOT_FOUND", "BAD_REQUEST"].includes(errorCode(error) ?? "");

/** Renders loading / error / content for one React Query result. */
export function QueryBoundary<T>({
  query,
  children,
  rows,
  notFound,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
  rows?: number;
  /** A detail page's words for "no such thing in this mode", said instead of an error and a Retry button that cannot help. */
  notFound?: string;
}) {
  if (query.isPending) return <LoadingState rows={rows} />;
  if (notFound && query.isError && isMissing(query.error)) return <EmptyState title={notFound} />;
  if (query.isError || query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
