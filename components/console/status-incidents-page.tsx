"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { countryName } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import type { MessageKey } from "@/components/i18n/messages";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { IncidentList } from "@/components/status/incident-list";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/dialog";
import { Field, FormAlert, Input, Select, Textarea } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";

const STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
type Status = (typeof STATUSES)[number];
const IMPACTS = ["degraded", "down"] as const;
type Impact = (typeof IMPACTS)[number];

/** A labelled select over a fixed list of words. */
function Choice<V extends string>({ label, name, value, options, word, onChange }: { label: string; name: string; value: V; options: readonly V[]; word: (v: V) => string; onChange: (v: V) => void }) {
  return (
    <Field label={label}>
      {(p) => (
        <Select {...p} name={name} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {word(o)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

const emptyDraft = { title: "", impact: "degraded" as Impact, status: "investigating" as Status, affected: [] as string[], message: "" };

/** Operator console: publish incidents on the status page, post updates, resolve (issue 25). */
export function StatusIncidentsPage() {
  const t = useT();
  const locale = useLocale();
  const tt = (key: string, vars?: Record<string, string | number>) => t(key as MessageKey, vars);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.operator.statusIncidents.queryOptions());
  const [draft, setDraft] = useState(emptyDraft);
  const [updating, setUpdating] = useState<{ id: string; title: string; status: Status; message: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries(trpc.operator.statusIncidents.queryFilter());
  const create = useFormMutation(
    trpc.operator.createStatusIncident.mutationOptions({
      onSuccess: () => {
        toast.success(t("statusPage.console.created"));
        setDraft(emptyDraft);
        refresh();
      },
    }),
    { formError: "inline" },
  );
  const update = useFormMutation(
    trpc.operator.updateStatusIncident.mutationOptions({
      onSuccess: () => {
        toast.success(t("statusPage.console.updated"));
        setUpdating(null);
        refresh();
      },
    }),
  );
  const statusWord = (s: Status) => tt(`statusPage.incidentStatus.${s}`);
  const when = (iso: string) => new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
  const pairName = (pair: string) => {
    const [cc, network] = pair.split(":");
    return `${network} (${countryName(cc, locale)})`;
  };
  const byCountry = new Map<string, string[]>();
  for (const p of list.data?.pairs ?? []) byCountry.set(p.split(":")[0], [...(byCountry.get(p.split(":")[0]) ?? []), p]);
  const toggle = (pair: string) => setDraft((d) => ({ ...d, affected: d.affected.includes(pair) ? d.affected.filter((x) => x !== pair) : [...d.affected, pair] }));

  return (
    <>
      <PageHeader
        title={t("statusPage.console.heading")}
        description={t("statusPage.console.intro")}
        actions={
          <Link href="/status" className="text-sm text-emerald-700 underline">
            {t("statusPage.console.viewPage")}
          </Link>
        }
      />
      <Card className="mb-6 p-4 sm:p-5">
        <h2 className="mb-3 font-semibold text-slate-900">{t("statusPage.console.new")}</h2>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(draft);
          }}
        >
          <Field label={t("statusPage.console.titleLabel")} error={create.fields.title}>
            {(p) => <Input {...p} name="title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Choice label={t("statusPage.console.impactLabel")} name="impact" value={draft.impact} options={IMPACTS} word={(i) => tt(`statusPage.impact.${i}`)} onChange={(impact) => setDraft({ ...draft, impact })} />
            <Choice label={t("statusPage.console.statusLabel")} name="status" value={draft.status} options={STATUSES} word={statusWord} onChange={(status) => setDraft({ ...draft, status })} />
          </div>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("statusPage.console.affectedLabel")}</legend>
            <div className="grid max-h-64 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
              {[...byCountry].map(([cc, pairs]) => (
                <div key={cc} className="text-sm">
                  <p className="font-medium text-slate-800">{countryName(cc, locale)}</p>
                  {pairs.map((pair) => (
                    <label key={pair} className="flex items-center gap-2 py-0.5 text-slate-700">
                      <input type="checkbox" name="affected" value={pair} checked={draft.affected.includes(pair)} onChange={() => toggle(pair)} />
                      {pair.split(":")[1]}
                    </label>
                  ))}
                </div>
              ))}
            </div>
            {create.fields.affected ? <p className="mt-1 text-sm text-red-600">{create.fields.affected}</p> : null}
          </fieldset>
          <Field label={t("statusPage.console.messageLabel")} error={create.fields.message}>
            {(p) => <Textarea {...p} name="message" rows={3} value={draft.message} onChange={(e) => setDraft({ ...draft, message: e.target.value })} />}
          </Field>
          <FormAlert message={create.formError} />
          <Button type="submit" loading={create.isPending}>
            {t("statusPage.console.create")}
          </Button>
        </form>
      </Card>
      <QueryBoundary query={list} rows={4}>
        {(data) =>
          data.incidents.length === 0 ? (
            <EmptyState title={t("statusPage.console.none")} />
          ) : (
            <div className="space-y-3">
              {data.incidents.map((i) => (
                <div key={i.id}>
                  <IncidentList incidents={[i]} t={tt} when={when} pairName={pairName} />
                  {!i.resolvedAt ? (
                    <Button variant="secondary" size="sm" className="mt-2" onClick={() => setUpdating({ id: i.id, title: i.title, status: i.status as Status, message: "" })}>
                      {t("statusPage.console.update")}
                    </Button>
                  ) : null}
                </div>
              ))}
            </div>
          )
        }
      </QueryBoundary>
      <FormDialog
        open={updating !== null}
        onClose={() => setUpdating(null)}
        title={`${t("statusPage.console.updateTitle")}: ${updating?.title ?? ""}`}
        formId="incident-update"
        submitLabel={t("statusPage.console.update")}
        cancelLabel={t("common.cancel")}
        loading={update.isPending}
      >
        {updating ? (
          <form
            id="incident-update"
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ id: updating.id, status: updating.status, message: updating.message });
            }}
          >
            <Choice label={t("statusPage.console.statusLabel")} name="status" value={updating.status} options={STATUSES} word={statusWord} onChange={(status) => setUpdating({ ...updating, status })} />
            <Field label={t("statusPage.console.messageLabel")} error={update.fields.message}>
              {(p) => <Textarea {...p} name="message" rows={3} value={updating.message} onChange={(e) => setUpdating({ ...updating, message: e.target.value })} />}
            </Field>
          </form>
        ) : null}
      </FormDialog>
    </>
  );
}
