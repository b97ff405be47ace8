"use client";

import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { AuditScreen, NO_FILTERS, type AuditFiltersValue } from "@/components/control/audit-log-view";
import { downloadText } from "@/components/control/audit-actions";

const input = (f: AuditFiltersValue) => ({
  action: f.action || undefined,
  actor: f.actor || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  merchantId: f.merchantId.trim() || undefined,
});

/** The operators' audit log: every merchant, and the platform's own changes (fee schedule, operators). */
export function ConsoleAuditPage() {
  const t = useT();
  const trpc = useTRPC();
  const [filters, setFilters] = useState<AuditFiltersValue>(NO_FILTERS);
  const list = useInfiniteQuery(trpc.operator.auditLog.infiniteQueryOptions(input(filters), { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const exportCsv = useMutation(
    trpc.operator.auditExport.mutationOptions({
      onSuccess: (r) => {
        downloadText(r.filename, r.csv);
        if (r.truncated) toast.warning(t("control.audit.truncated", { count: r.rows }));
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  return (
    <AuditScreen
      title={t("control.audit.consoleTitle")}
      subtitle={t("control.audit.consoleSubtitle")}
      list={list}
      filters={filters}
      onFilters={setFilters}
      onExport={() => exportCsv.mutate(input(filters))}
      exporting={exportCsv.isPending}
      withMerchant
    />
  );
}
