"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatDate } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, FormDialog } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { QueryBoundary } from "@/components/ui/states";

/** Recovery codes, shown once after enrolment or regeneration. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={codes !== null} onClose={onClose} title={t("identity.recoveryTitle")} footer={<Button onClick={onClose}>{t("identity.savedCodes")}</Button>}>
      <p className="mb-3">{t("identity.recoveryHint")}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes?.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {codes ? (
        <div className="mt-3">
          <CopyButton value={codes.join("\n")} />
        </div>
      ) : null}
    </Dialog>
  );
}

/** Enrolment: the QR code (and its key for typing), then the first code turns it on. */
function Enrolment({ onDone }: { onDone: (codes: string[]) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const start = useFormMutation(trpc.security.startTwoFactor.mutationOptions(), { formError: "inline" });
  const confirm = useFormMutation(trpc.security.confirmTwoFactor.mutationOptions({ onSuccess: (r) => onDone(r.recoveryCodes) }), { fields: ["code"], formError: "inline" });
  const setup = start.data;
  if (!setup) {
    return (
      <div className="space-y-2">
        <Button data-testid="two-factor-start" onClick={() => start.mutate()} loading={start.isPending}>
          {t("identity.turnOn")}
        </Button>
        <FormAlert message={start.formError} />
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="two-factor-setup">
      <p className="text-sm text-slate-700">{t("identity.scan")}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* A data: URL made on our server: the secret never goes to a third party. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={setup.qrDataUrl} alt={t("identity.qrAlt")} width={180} height={180} className="h-44 w-44 shrink-0 rounded-lg border border-slate-200" />
        <div className="min-w-0 space-y-1.5">
          <p className="text-sm text-slate-600">{t("identity.manualKey")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="two-factor-secret" className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs">
              {setup.secret}
            </code>
            <CopyButton value={setup.secret} />
          </div>
        </div>
      </div>
      <form method="post"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate({ code: String(new FormData(e.currentTarget).get("code") ?? "") });
        }}
      >
        <Field className="sm:w-56" label={t("identity.code")} error={confirm.fields.code ?? confirm.formError ?? undefined}>
          {(p) => <Input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required className="font-mono tracking-widest" />}
        </Field>
        <Button type="submit" className="sm:mt-7" loading={confirm.isPending}>
          {t("identity.confirm")}
        </Button>
      </form>
    </div>
  );
}

/** A password-confirmed action: turning two-factor off, or new recovery codes. */
function PasswordDialog({ open, onClose, title, hint, submitLabel, run, loading, error }: {
  open: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  submitLabel: string;
  run: (password: string) => void;
  loading: boolean;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <FormDialog open={open} onClose={onClose} title={title} formId="password-confirm" submitLabel={submitLabel} cancelLabel={t("common.cancel")} loading={loading}>
      <form method="post"
        id="password-confirm"
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run(String(new FormData(e.currentTarget).get("password") ?? ""));
        }}
      >
        <p>{hint}</p>
        <Field label={t("identity.yourPassword")} error={error}>
          {(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required autoFocus />}
        </Field>
      </form>
    </FormDialog>
  );
}

/**
 * The person's own sign-in security: the email address's state and two-factor sign-in (on,
 * off, new recovery codes). Also the gate shown when a team or the console requires it.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.security.status.queryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<"off" | "codes" | null>(null);
  const refresh = () => void queryClient.invalidateQueries(trpc.security.status.queryFilter());
  const close = () => setDialog(null);
  const off = useFormMutation(
    trpc.security.disableTwoFactor.mutationOptions({
      onSuccess: () => {
        close();
        toast.success(t("identity.turnedOff"));
        refresh();
      },
    }),
    { fields: ["password"], formError: "inline" },
  );
  const regenerate = useFormMutation(
    trpc.security.regenerateRecoveryCodes.mutationOptions({
      onSuccess: (r) => {
        close();
        setCodes(r.recoveryCodes);
        refresh();
      },
    }),
    { fields: ["password"], formError: "inline" },
  );

  return (
    <Card aria-labelledby="security-title" data-testid="security-card">
      <CardHeader id="security-title" title={t("identity.securityTitle")} />
      <CardBody>
        <QueryBoundary query={status} rows={3}>
          {(s) => (
            <div className="space-y-5">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium text-slate-700">{t("identity.emailAddress")}</span>
                <Badge tone={s.emailVerified ? "green" : "amber"}>{s.emailVerified ? t("identity.emailConfirmed") : t("identity.emailNotConfirmed")}</Badge>
              </div>
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">{t("identity.twoFactor")}</h3>
                  <Badge tone={s.twoFactor.enabled ? "green" : "slate"}>{s.twoFactor.enabled ? t("identity.on") : t("identity.off")}</Badge>
                </div>
                {s.twoFactor.enabled ? (
                  <>
                    <p className="text-sm text-slate-600" data-testid="two-factor-on">
                      {t("identity.twoFactorOn", { date: s.twoFactor.enabledAt ? formatDate(s.twoFactor.enabledAt, locale) : "", count: s.twoFactor.recoveryCodesLeft })}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" onClick={() => setDialog("codes")}>
                        {t("identity.newCodes")}
                      </Button>
                      {s.operatorNeedsTwoFactor ? null : (
                        <Button variant="secondary" onClick={() => setDialog("off")}>
                          {t("identity.turnOff")}
                        </Button>
                      )}
                    </div>
                  </>
                ) : (
                  <>
                    <p className="text-sm text-slate-600">{t("identity.twoFactorOff")}</p>
                    <Enrolment
                      onDone={(c) => {
                        setCodes(c);
                        toast.success(t("identity.turnedOn"));
                        refresh();
                      }}
                    />
                  </>
                )}
              </div>
            </div>
          )}
        </QueryBoundary>
      </CardBody>
      <RecoveryCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          onEnabled?.();
        }}
      />
      <PasswordDialog
        open={dialog === "off"}
        onClose={close}
        title={t("identity.turnOffTitle")}
        hint={t("identity.turnOffHint")}
        submitLabel={t("identity.turnOff")}
        run={(password) => off.mutate({ password })}
        loading={off.isPending}
        error={off.fields.password ?? off.formError ?? undefined}
      />
      <PasswordDialog
        open={dialog === "codes"}
        onClose={close}
        title={t("identity.newCodes")}
        hint={t("identity.newCodesHint")}
        submitLabel={t("identity.newCodes")}
        run={(password) => regenerate.mutate({ password })}
        loading={regenerate.isPending}
        error={regenerate.fields.password ?? regenerate.formError ?? undefined}
      />
    </Card>
  );
}
