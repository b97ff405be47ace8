"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { countryName, formatDateTime } from "@/components/i18n/format";
import { useLocale, useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { friendlyError } from "@/components/trpc/errors";
import { Badge, statusTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, DetailList, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, Textarea } from "@/components/ui/field";
import { EmptyState, QueryBoundary } from "@/components/ui/states";

export function KycReviewPage() {
  const t = useT();
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [onlyPending, setOnlyPending] = useState(true);
  const list = useQuery(trpc.operator.kycSubmissions.queryOptions({ status: onlyPending ? "pending" : undefined }));
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);
  const [reason, setReason] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.operator.kycSubmissions.queryFilter());
    void queryClient.invalidateQueries(trpc.operator.merchants.queryFilter());
  };
  const approve = useMutation(
    trpc.operator.approveKyc.mutationOptions({
      onSuccess: () => {
        toast.success(t("console.approved"));
        refresh();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  const reject = useFormMutation(
    trpc.operator.rejectKyc.mutationOptions({
      onSuccess: () => {
        toast.success(t("console.rejected"));
        setRejecting(null);
        setReason("");
        refresh();
      },
    }),
    // Said under the reason, the dialog's one field, whatever failed.
    { fields: [], formError: "inline" },
  );

  return (
    <>
      <PageHeader
        title={t("console.kyc")}
        actions={
          <div role="group" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
            {[true, false].map((v) => (
              <button
                key={String(v)}
                type="button"
                aria-pressed={onlyPending === v}
                onClick={() => setOnlyPending(v)}
                className={onlyPending === v ? "rounded-md bg-slate-900 px-3 py-1 text-white" : "rounded-md px-3 py-1 text-slate-600 hover:bg-slate-100"}
              >
                {v ? t("console.pendingOnly") : t("console.allSubmissions")}
              </button>
            ))}
          </div>
        }
      />
      <QueryBoundary query={list} rows={5}>
        {(subs) =>
          subs.length === 0 ? (
            <Card>
              <EmptyState title={t("console.noPending")} />
            </Card>
          ) : (
            <ul className="space-y-4">
              {subs.map((s) => (
                <li key={s.id}>
                  <Card aria-label={s.merchantName} data-testid="kyc-submission">
                    <CardBody>
                      <div className="mb-3 flex flex-wrap items-center gap-2">
                        <Link href={`/console/merchants/${s.merchantId}`} className="text-base font-semibold text-slate-900 hover:underline">
                          {s.merchantName}
                        </Link>
                        <Badge tone={statusTone[s.status]}>{t(`kyc.${s.status}`)}</Badge>
                        <span className="ml-auto text-xs text-slate-500">
                          {t("console.submittedAt")} {formatDateTime(s.createdAt, locale)}
                        </span>
                      </div>
                      <DetailList
                        items={[
                          { label: t("kyc.legalName"), value: s.legalName },
                          { label: t("kyc.registrationNumber"), value: s.registrationNumber },
                          { label: t("kyc.country"), value: countryName(s.countryCode, locale) },
                          { label: t("kyc.address"), value: <span className="whitespace-pre-line">{s.address}</span> },
                          { label: t("kyc.representative"), value: s.representative },
                          ...(s.rejectionReason ? [{ label: t("kyc.reason"), value: s.rejectionReason }] : []),
                        ]}
                      />
                      {s.status === "pending" ? (
                        <div className="mt-4 flex flex-wrap gap-2">
                          <Button onClick={() => approve.mutate({ submissionId: s.id })} loading={approve.isPending && approve.variables?.submissionId === s.id}>
                            {t("console.approve")}
                          </Button>
                          <Button
                            variant="secondary"
                            onClick={() => {
                              reject.clearErrors();
                              setRejecting({ id: s.id, name: s.merchantName });
                            }}
                          >
                            {t("console.reject")}
                          </Button>
                        </div>
                      ) : null}
                    </CardBody>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
      <ConfirmDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onConfirm={() => rejecting && reject.mutate({ submissionId: rejecting.id, reason })}
        title={t("console.rejectTitle")}
        confirmLabel={t("console.reject")}
        cancelLabel={t("common.cancel")}
        loading={reject.isPending}
        danger
      >
        <p className="mb-3 font-medium text-slate-800">{rejecting?.name}</p>
        <Field label={t("console.rejectReason")} error={reject.formError ?? undefined}>
          {(p) => <Textarea {...p} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />}
        </Field>
      </ConfirmDialog>
    </>
  );
}
