"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { FormDialog } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";

export interface EndpointValues {
  id?: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  is_default: boolean;
}

/** Create or edit an endpoint in a dialog; a new endpoint's secret is handed to `onCreated` (shown once). */
export function EndpointFormDialog({ open, onClose, initial, onCreated }: { open: boolean; onClose: () => void; initial?: EndpointValues; onCreated?: (secret: string) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [types, setTypes] = useState((initial?.event_types ?? ["*"]).join(", "));
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [isDefault, setIsDefault] = useState(initial?.is_default ?? false);
  const done = () => {
    void queryClient.invalidateQueries(trpc.developers.endpoints.queryFilter());
    void queryClient.invalidateQueries(trpc.developers.endpoint.queryFilter());
    onClose();
  };
  const handling = { fields: { url: "url", event_types: "eventTypes" }, formError: "inline" as const };
  const create = useFormMutation(
    trpc.developers.createEndpoint.mutationOptions({
      onSuccess: (r) => {
        toast.success(t("integrators.endpoints.created"));
        onCreated?.(r.secret);
        done();
      },
    }),
    handling,
  );
  const update = useFormMutation(trpc.developers.updateEndpoint.mutationOptions({ onSuccess: () => (toast.success(t("integrators.endpoints.saved")), done()) }), handling);
  const m = initial?.id ? update : create;
  const formId = initial?.id ? `endpoint-${initial.id}` : "endpoint-new";
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={initial?.id ? t("integrators.endpoints.edit") : t("integrators.endpoints.add")}
      formId={formId}
      submitLabel={t("common.save")}
      cancelLabel={t("common.cancel")}
      loading={m.isPending}
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const values = {
            ...scope,
            url: url.trim(),
            description: description.trim() || null,
            eventTypes: types.split(",").map((s) => s.trim()).filter(Boolean),
            enabled,
            isDefault,
          };
          if (initial?.id) update.mutate({ ...values, id: initial.id });
          else create.mutate(values);
        }}
      >
        <Field label={t("integrators.endpoints.url")} error={m.fields.url}>
          {(p) => <Input {...p} name="endpointUrl" type="url" inputMode="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks/sika" />}
        </Field>
        <Field label={t("integrators.endpoints.description")}>{(p) => <Input {...p} name="endpointDescription" maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <Field label={t("integrators.endpoints.eventTypes")} hint={t("integrators.endpoints.eventTypesHint")} error={m.fields.eventTypes}>
          {(p) => <Input {...p} name="endpointEventTypes" value={types} onChange={(e) => setTypes(e.target.value)} placeholder="transaction.payin, refund" />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
          {t("integrators.endpoints.enabled")}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>
            {t("integrators.endpoints.default")}
            <span className="block text-xs text-slate-500">{t("integrators.endpoints.defaultHint")}</span>
          </span>
        </label>
        <FormAlert message={m.formError} />
      </form>
    </FormDialog>
  );
}
