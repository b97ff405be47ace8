"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";

/** The address of a batch's live view: reloading, sharing or switching language keeps it. */
export const batchHref = (batchId: string) => `/dashboard/payouts/bulk/${encodeURIComponent(batchId)}`;

/**
 * Sends CSV lines as a new batch and opens that batch's own page. The answer already is
 * the batch view, so it seeds the page's query and the page shows at once; the balances
 * and lists the new payouts change are refreshed.
 */
export function useSendBatch() {
  const t = useT();
  const trpc = useTRPC();
  const scope = useScope();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.bulkPayouts.send.mutationOptions({
      onSuccess: (r) => {
        queryClient.setQueryData(trpc.bulkPayouts.get.queryKey({ ...scope, batchId: r.batchId }), r);
        void queryClient.invalidateQueries({ queryKey: trpc.overview.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.balances.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.transactions.pathKey() });
        toast.success(t("bulk.sent", { count: r.items.filter((i) => i.transactionId).length }));
        router.push(batchHref(r.batchId));
      },
      onError: (err) => toast.error(friendlyError(err, t)),
    }),
  );
}
