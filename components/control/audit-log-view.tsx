"use client";

import { useState } from "react";
import { formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { DateSelect } from "@/components/ui/date-select";
import { Card, PageHeader } from "@/components/ui/card";
import { DownloadIcon } from "@/components/ui/icons";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";
import { AUDIT_ACTIONS, actionKey, describeChange } from "./audit-actions";

export interface AuditFiltersValue {
  action: string;
  actor: string;
  from: string;
  to: string;
  merchantId: string;
}
export const NO_FILTERS: AuditFiltersValue = { action: "", actor: "", from: "", to: "", merchantId: "" };

export interface AuditEntryView {
  id: string;
  createdAt: Date;
  merchantId: string | null;
  merchantName: string | null;
  mode: "test" | "live" | null;
  actorType: string;
  actorLabel: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** The filters of the audit pages: applied on submit, so typing does not query at each key. */
export function AuditFilters({ value, onApply, withMerchant = false }: { value: AuditFiltersValue; onApply: (v: AuditFiltersValue) => void; withMerchant?: boolean }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  const set = (k: keyof AuditFiltersValue) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [k]: e.target.value });
  return (
    <form
      className="grid grid-cols-1 gap-3 border-b border-slate-200 px-4 py-4 sm:grid-cols-2 sm:px-6"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      aria-label={t("control.audit.filters")}
    >
      <Field label={t("control.audit.action")}>
        {(p) => (
          <Select {...p} value={draft.action} onChange={set("action")} data-testid="audit-filter-action">
            <option value="">{t("common.all")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(actionKey(a))}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t("control.audit.actor")}>{(p) => <Input {...p} value={draft.actor} onChange={set("actor")} placeholder="awa@… / sk_live_…" maxLength={200} />}</Field>
      <DateSelect label={t("control.audit.from")} value={draft.from || undefined} onChange={(from) => setDraft({ ...draft, from: from ?? "" })} testId="audit-from" />
      <DateSelect label={t("control.audit.to")} value={draft.to || undefined} onChange={(to) => setDraft({ ...draft, to: to ?? "" })} testId="audit-to" />
      {withMerchant ? (
        <Field label={t("control.audit.merchant")}>{(p) => <Input {...p} value={draft.merchantId} onChange={set("merchantId")} placeholder="mer_…" maxLength={64} />}</Field>
      ) : null}
      <div className="flex items-end gap-2">
        <Button type="submit" variant="secondary" data-testid="audit-apply">
          {t("control.audit.apply")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t("common.clear")}
        </Button>
      </div>
    </form>
  );
}

function Actor({ e }: { e: AuditEntryView }) {
  const t = useT();
  return (
    <span className="min-w-0">
      <span className="block truncate text-slate-900">{e.actorLabel}</span>
      <span className="block text-xs text-slate-500">{t(`control.audit.actorTypes.${e.actorType === "api_key" ? "apiKey" : e.actorType}` as never)}</span>
    </span>
  );
}

function ActionText({ e }: { e: AuditEntryView }) {
  const t = useT();
  const words = t(actionKey(e.action));
  return <span className="font-medium text-slate-900">{words === actionKey(e.action) ? e.action : words}</span>;
}

function Changes({ e }: { e: AuditEntryView }) {
  const lines = describeChange(e.before, e.after);
  return (
    <div className="min-w-0 space-y-0.5 whitespace-normal text-xs text-slate-600">
      {e.targetId ? <div className="truncate font-mono text-[11px] text-slate-500">{e.targetId}</div> : null}
      {lines.map((l) => (
        <div key={l} className="[overflow-wrap:anywhere]">
          {l}
        </div>
      ))}
    </div>
  );
}

/** The entries: a table on desktop, cards on phones; merchant column for the console. */
export function AuditEntries({ entries, withMerchant = false }: { entries: AuditEntryView[]; withMerchant?: boolean }) {
  const t = useT();
  const locale = useLocale();
  if (!entries.length) return <EmptyState title={t("control.audit.empty")} />;
  const origin = (e: AuditEntryView) => (
    <span className="block truncate text-xs text-slate-500" title={e.userAgent ?? undefined}>
      {t("control.audit.originIp", { ip: e.ip ?? t("common.none") })}
    </span>
  );
  return (
    <ResponsiveTable
      label={t("control.audit.title")}
      items={entries}
      card={(e) => (
        <li key={e.id} className="space-y-1 px-4 py-3 text-sm" data-testid="audit-entry-mobile">
          <div className="flex items-start justify-between gap-3">
            <ActionText e={e} />
            {e.mode ? <Badge tone={e.mode === "live" ? "green" : "amber"}>{t(e.mode === "live" ? "nav.live" : "nav.test")}</Badge> : null}
          </div>
          <div className="text-xs text-slate-500">{formatDateTime(e.createdAt, locale)}</div>
          {withMerchant ? <div className="truncate text-xs text-slate-600">{e.merchantName ?? t("control.audit.platform")}</div> : null}
          <Actor e={e} />
          <Changes e={e} />
          {origin(e)}
        </li>
      )}
      head={
        <>
          <Th>{t("control.audit.when")}</Th>
          {withMerchant ? <Th>{t("control.audit.merchant")}</Th> : null}
          <Th>{t("control.audit.actor")}</Th>
          <Th>{t("control.audit.action")}</Th>
          <Th>{t("control.audit.details")}</Th>
        </>
      }
      row={(e) => (
        <tr key={e.id} data-testid="audit-entry" className="align-top">
          <Td className="whitespace-nowrap text-slate-500">
            {formatDateTime(e.createdAt, locale)}
            {e.mode ? <div className="text-xs">{t(e.mode === "live" ? "nav.live" : "nav.test")}</div> : null}
          </Td>
          {withMerchant ? <Td className="max-w-[10rem] truncate">{e.merchantName ?? t("control.audit.platform")}</Td> : null}
          <Td className="max-w-[13rem]">
            <Actor e={e} />
            {origin(e)}
          </Td>
          <Td>
            <ActionText e={e} />
          </Td>
          <Td className="w-[40%] min-w-[14rem] max-w-[24rem] whitespace-normal">
            <Changes e={e} />
          </Td>
        </tr>
      )}
    />
  );
}

interface InfiniteAuditQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { pages: Array<{ items: AuditEntryView[] }> } | undefined;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** One audit page (the dashboard's and the console's): header with the CSV export, filters, entries, "show more". */
export function AuditScreen(props: {
  title: string;
  subtitle: string;
  list: InfiniteAuditQuery;
  filters: AuditFiltersValue;
  onFilters: (f: AuditFiltersValue) => void;
  onExport: () => void;
  exporting: boolean;
  withMerchant?: boolean;
  footer?: React.ReactNode;
}) {
  const t = useT();
  const { list } = props;
  const exportButton = (
    <Button variant="secondary" onClick={props.onExport} loading={props.exporting} data-testid="audit-export">
      <DownloadIcon className="h-4 w-4" />
      {t("control.audit.export")}
    </Button>
  );
  return (
    <>
      <PageHeader title={props.title} description={props.subtitle} actions={exportButton} />
      <Card>
        <AuditFilters value={props.filters} onApply={props.onFilters} withMerchant={props.withMerchant} />
        <QueryBoundary query={list}>
          {(data) => <AuditEntries entries={data.pages.flatMap((p) => p.items)} withMerchant={props.withMerchant} />}
        </QueryBoundary>
        {list.hasNextPage ? (
          <div className="border-t border-slate-100 px-4 py-3 text-center">
            <Button variant="ghost" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t("control.audit.more")}
            </Button>
          </div>
        ) : null}
      </Card>
      {props.footer}
    </>
  );
}
