"use client";

import { useT } from "@/components/i18n/provider";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";

/** What a key may do and from where (issue 22): "Full access" or "Read only", and its IP allow-list. */
export function KeyRestrictions({ scope, allowedIps, className }: { scope: "full" | "read_only"; allowedIps: string[] | null; className?: string }) {
  const t = useT();
  return (
    <div className={cx("flex flex-wrap items-center gap-1", className)} data-testid="key-restrictions">
      <Badge tone={scope === "read_only" ? "blue" : "slate"}>{t(scope === "read_only" ? "control.keys.readOnly" : "control.keys.full")}</Badge>
      {allowedIps ? (
        <span className="break-all font-mono text-[11px] text-slate-500" title={allowedIps.join(", ")}>
          {allowedIps.length <= 2 ? allowedIps.join(", ") : t("control.keys.ipCount", { count: allowedIps.length })}
        </span>
      ) : (
        <span className="text-xs text-slate-500">{t("control.keys.anyAddress")}</span>
      )}
    </div>
  );
}
