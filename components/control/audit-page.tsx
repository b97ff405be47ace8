"use client";

import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { AuditScreen, NO_FILTERS, type AuditFiltersValue } from "./audit-log-view";
import { downloadText } from "./audit-actions";

const input = (f: AuditFiltersValue) => ({ action: f.action || undefined, actor: f.actor || undefined, from: f.from || undefined, to: f.to || undefined });

/** The business's audit log (owners): who changed what, when, from where; filters and CSV export. */
export function AuditPage() {
  const t = useT();
  const trpc = useTRPC();
  const { merchantId, can } = useMerchant();
  const [filters, setFilters] = useState<AuditFiltersValue>(NO_FILTERS);
  const owner = can("owner");
  const list = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions({ merchantId, ...input(filters) }, { getNextPageParam: (last) => last.nextCursor ?? undefined, enabled: owner }),
  );
  const exportCsv = useMutation(
    trpc.audit.exportCsv.mutationOptions({
      onSuccess: (r) => {
        downloadText(r.filename, r.csv);
        if (r.truncated) toast.warning(t("control.audit.truncated", { count: r.rows }));
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  if (!owner) {
    return (
      <>
        <PageHeader title={t("control.audit.title")} />
        <Card>
          <EmptyState title={t("control.audit.ownersOnly")} />
        </Card>
      </>
    );
  }
  return (
    <AuditScreen
      title={t("control.audit.title")}
      subtitle={t("control.audit.subtitle")}
      list={list}
      filters={filters}
      onFilters={setFilters}
      onExport={() => exportCsv.mutate({ merchantId, ...input(filters) })}
      exporting={exportCsv.isPending}
      footer={<p className="mt-3 text-xs text-slate-500">{t("control.audit.retention")}</p>}
    />
  );
}
