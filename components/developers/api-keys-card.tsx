"use client";

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
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog, Dialog, FormDialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { KeyRestrictions } from "./key-restrictions";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable, Td, Th } from "@/components/ui/table";

export function ApiKeysCard() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can, mode } = useMerchant();
  const list = useQuery(trpc.apiKeys.list.queryOptions(scope));
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [keyScope, setKeyScope] = useState<"full" | "read_only">("full");
  const [allowedIps, setAllowedIps] = useState("");
  const [created, setCreated] = useState<{ key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; prefix: string } | null>(null);

  const invalidate = () => queryClient.invalidateQueries(trpc.apiKeys.list.queryFilter());
  const create = useFormMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (res) => {
        setCreating(false);
        setName("");
        setKeyScope("full");
        setAllowedIps("");
        setCreated({ key: res.key });
        void invalidate();
      },
    }),
    { fields: ["name", "allowedIps"] },
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        toast.success(t("developers.revokedToast"));
        void invalidate();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader
        id="api-keys-title"
        title={t("developers.apiKeys")}
        description={t("developers.apiKeysHint")}
        actions={
          can("developer") ? (
            <Button onClick={() => setCreating(true)} data-testid="create-key">
              {t("developers.createKey")} ({t(mode === "test" ? "nav.test" : "nav.live")})
            </Button>
          ) : null
        }
      />
      <QueryBoundary query={list}>
        {(keys) =>
          keys.length === 0 ? (
            <EmptyState title={t("developers.noKeys")} />
          ) : (
            <ResponsiveTable
              label={t("developers.apiKeys")}
              items={keys}
              card={(k) => (
                <li key={k.id} className={`px-4 py-3 text-sm ${k.revokedAt ? "text-slate-400" : "text-slate-700"}`} data-testid="api-key-mobile">
                  <div className="flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate font-medium text-slate-900">{k.name ?? t("common.none")}</span>
                    {k.revokedAt ? <Badge tone="slate">{t("developers.revoked")}</Badge> : <Badge tone="green">{t("developers.active")}</Badge>}
                  </div>
                  <code className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{k.displayPrefix}••••</code>
                  <KeyRestrictions scope={k.scope} allowedIps={k.allowedIps} className="mt-1" />
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-500">
                    <dt>{t("developers.created")}</dt>
                    <dd>{formatDateTime(k.createdAt, locale)}</dd>
                    <dt>{t("developers.lastUsed")}</dt>
                    <dd>{k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : t("common.never")}</dd>
                  </dl>
                  {can("developer") && !k.revokedAt ? (
                    <Button variant="secondary" size="sm" className="mt-2 text-red-700 hover:bg-red-50" onClick={() => setRevoking({ id: k.id, prefix: k.displayPrefix })}>
                      {t("developers.revoke")}
                    </Button>
                  ) : null}
                </li>
              )}
              head={
                <>
                  <Th>{t("developers.name")}</Th>
                  <Th>{t("developers.key")}</Th>
                  <Th>{t("control.keys.access")}</Th>
                  <Th>{t("developers.created")}</Th>
                  <Th>{t("developers.lastUsed")}</Th>
                  <Th>{t("transactions.status")}</Th>
                  <Th className="text-right">
                    <span className="sr-only">{t("developers.revoke")}</span>
                  </Th>
                </>
              }
              row={(k) => (
                <tr key={k.id} className={k.revokedAt ? "text-slate-400" : undefined} data-testid="api-key-row">
                  <Td className="font-medium text-slate-900">{k.name ?? t("common.none")}</Td>
                  <Td>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{k.displayPrefix}••••</code>
                  </Td>
                  <Td>
                    <KeyRestrictions scope={k.scope} allowedIps={k.allowedIps} />
                  </Td>
                  <Td>{formatDateTime(k.createdAt, locale)}</Td>
                  <Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : t("common.never")}</Td>
                  <Td>{k.revokedAt ? <Badge tone="slate">{t("developers.revoked")}</Badge> : <Badge tone="green">{t("developers.active")}</Badge>}</Td>
                  <Td className="text-right">
                    {can("developer") && !k.revokedAt ? (
                      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRevoking({ id: k.id, prefix: k.displayPrefix })}>
                        {t("developers.revoke")}
                      </Button>
                    ) : null}
                  </Td>
                </tr>
              )}
            />
          )
        }
      </QueryBoundary>

      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={`${t("developers.createKey")} (${t(mode === "test" ? "nav.test" : "nav.live")})`}
        formId="create-key-form"
        submitLabel={t("developers.createKey")}
        cancelLabel={t("common.cancel")}
        loading={create.isPending}
      >
        <form
          id="create-key-form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ ...scope, name: name || undefined, scope: keyScope, allowedIps: allowedIps.trim() || undefined });
          }}
          className="space-y-4"
        >
          <Field label={t("developers.keyName")} optionalLabel={t("common.optional")} error={create.fields.name}>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} placeholder={t("developers.keyNamePlaceholder")} maxLength={80} autoFocus />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t("control.keys.access")}</legend>
            <div className="mt-2 space-y-2">
              {(["full", "read_only"] as const).map((s) => (
                <label key={s} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50">
                  <input type="radio" name="key-scope" value={s} checked={keyScope === s} onChange={() => setKeyScope(s)} className="mt-0.5" data-testid={`key-scope-${s}`} />
                  <span>
                    <span className="block font-medium text-slate-900">{t(s === "full" ? "control.keys.full" : "control.keys.readOnly")}</span>
                    <span className="block text-xs text-slate-500">{t(s === "full" ? "control.keys.fullHint" : "control.keys.readOnlyHint")}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field label={t("control.keys.allowedIps")} optionalLabel={t("common.optional")} hint={t("control.keys.allowedIpsHint")} error={create.fields.allowedIps}>
            {(p) => <Textarea {...p} value={allowedIps} onChange={(e) => setAllowedIps(e.target.value)} rows={3} placeholder="203.0.113.0/24, 2001:db8::/32" className="font-mono text-xs" data-testid="key-allowed-ips" />}
          </Field>
        </form>
      </FormDialog>

      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={t("developers.keyCreatedTitle")}
        footer={<Button onClick={() => setCreated(null)}>{t("common.close")}</Button>}
      >
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t("developers.keyCreatedWarning")}</p>
        <div className="flex items-center gap-2">
          <code data-testid="new-api-key" className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 select-all">
            {created?.key}
          </code>
          {created ? <CopyButton value={created.key} /> : null}
        </div>
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ merchantId: scope.merchantId, keyId: revoking.id })}
        title={t("developers.revokeTitle")}
        body={t("developers.revokeBody", { prefix: revoking?.prefix ?? "" })}
        confirmLabel={t("developers.revoke")}
        cancelLabel={t("common.cancel")}
        loading={revoke.isPending}
        danger
      />
    </Card>
  );
}
