"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";

/**
 * Settings → Test data (owners only): deletes the merchant's test-mode transactions,
 * webhook events, statement movements and balances after a confirmation; live data,
 * keys, team and webhook settings stay. The API's twin is POST /api/v1/test/reset.
 */
export function TestDataCard() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { merchantId, can } = useMerchant();
  const [open, setOpen] = useState(false);
  const reset = useMutation(
    trpc.testMode.reset.mutationOptions({
      onSuccess: (r) => {
        setOpen(false);
        toast.success(t("qaKit.resetDone", { transactions: r.transactions, balances: r.balances }));
        // Every list, balance and statement of the dashboard is read again.
        void queryClient.invalidateQueries();
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
  if (!can("owner")) return null;
  return (
    <Card aria-labelledby="test-data-title">
      <CardHeader id="test-data-title" title={t("qaKit.testDataTitle")} />
      <CardBody>
        <p className="text-sm text-slate-600">{t("qaKit.testDataBody")}</p>
        <Button variant="danger" className="mt-4" onClick={() => setOpen(true)} data-testid="reset-test-data">
          {t("qaKit.resetButton")}
        </Button>
      </CardBody>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => reset.mutate({ merchantId })}
        title={t("qaKit.resetConfirmTitle")}
        body={t("qaKit.resetConfirmBody")}
        confirmLabel={t("qaKit.resetConfirm")}
        cancelLabel={t("common.cancel")}
        loading={reset.isPending}
        danger
      />
    </Card>
  );
}
