"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant, useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { QueryBoundary } from "@/components/ui/states";

function UrlForm({ initial, readOnly }: { initial: string | null; readOnly: boolean }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const [url, setUrl] = useState(initial ?? "");
  const save = useFormMutation(
    trpc.webhooks.setUrl.mutationOptions({
      onSuccess: (res) => {
        queryClient.setQueryData(trpc.webhooks.settings.queryKey(scope), res);
        toast.success(t("developers.webhookSaved"));
      },
    }),
    // One field: any failure is said under it.
    { fields: ["url"], formError: "inline" },
  );
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...scope, url: url.trim() || null });
      }}
    >
      <Field className="flex-1" label={t("developers.webhookUrl")} hint={t("developers.webhookUrlHint")} error={save.fields.url ?? save.formError ?? undefined}>
        {(p) => (
          <Input {...p} name="webhookUrl" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhooks/sika" disabled={readOnly} />
        )}
      </Field>
      {!readOnly ? (
        <Button type="submit" variant="secondary" className="sm:mt-7" loading={save.isPending}>
          {t("common.save")}
        </Button>
      ) : null}
    </form>
  );
}

function SecretRow({ hasSecret }: { hasSecret: boolean }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can } = useMerchant();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const reveal = useMutation(
    trpc.webhooks.revealSecret.mutationOptions({ onSuccess: (r) => setSecret(r.secret), onError: (err) => toast.error(friendlyError(err, t)) }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (r) => {
        setSecret(r.secret);
        setConfirmRotate(false);
        toast.success(t("developers.rotated"));
        void queryClient.invalidateQueries(trpc.webhooks.settings.queryFilter());
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-700">{t("developers.secret")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs">
          {secret ?? (hasSecret ? "whsec_••••••••••••" : t("developers.noSecret"))}
        </code>
        {can("developer") ? (
          <>
            {secret ? (
              <>
                <CopyButton value={secret} />
                <Button variant="secondary" size="sm" onClick={() => setSecret(null)}>
                  {t("developers.hide")}
                </Button>
              </>
            ) : hasSecret ? (
              <Button variant="secondary" size="sm" onClick={() => reveal.mutate(scope)} loading={reveal.isPending}>
                {t("developers.reveal")}
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => setConfirmRotate(true)}>
              {t("developers.rotate")}
            </Button>
          </>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">{t("developers.secretHint")}</p>
      <ConfirmDialog
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        onConfirm={() => rotate.mutate(scope)}
        title={t("developers.rotateTitle")}
        body={t("developers.rotateBody")}
        confirmLabel={t("developers.rotate")}
        cancelLabel={t("common.cancel")}
        loading={rotate.isPending}
      />
    </div>
  );
}

export function WebhookSettingsCard() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = useScope();
  const { can, mode } = useMerchant();
  const settings = useQuery(trpc.webhooks.settings.queryOptions(scope));
  const sendTest = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: (r) => {
        const code = r.delivery?.statusCode;
        toast.success(`${t("developers.testSent")} → ${r.webhookUrl}${code ? ` (HTTP ${code})` : ""}`);
        void queryClient.invalidateQueries(trpc.webhooks.events.queryFilter());
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader
        id="webhooks-title"
        title={`${t("developers.webhooks")} (${t(mode === "test" ? "nav.test" : "nav.live")})`}
        actions={
          can("developer") && settings.data?.url ? (
            <Button variant="secondary" onClick={() => sendTest.mutate(scope)} loading={sendTest.isPending}>
              {t("developers.sendTest")}
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-6">
        <QueryBoundary query={settings} rows={2}>
          {(s) => (
            <>
              {/* keyed by mode so switching Test/Live shows that mode's URL */}
              <UrlForm key={`${mode}-${s.url ?? ""}`} initial={s.url} readOnly={!can("developer")} />
              <SecretRow key={mode} hasSecret={s.hasSecret} />
            </>
          )}
        </QueryBoundary>
      </CardBody>
    </Card>
  );
}
