"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { friendlyError } from "@/components/trpc/errors";
import { newAttemptKey } from "@/components/ui/attempt-key";

/** The address of a batch's live view: reloading, sharing or switching language keeps it. */
export const batchHref = (batchId: string) => `/dashboard/payouts/bulk/${encodeURIComponent(batchId)}`;

/**
 * Sends CSV lines as a new batch and opens that batch's own page. The answer already is
 * the batch view, so it seeds the page's query and the page shows at once; the balances
 * and lists the new payouts change are refreshed. Each set of lines is sent with its own
 * idempotency key, kept while the page is open: sending the same lines again (a retry after
 * a dropped connection, a second click) replays the batch instead of paying everyone twice.
 */
export function useSendBatch() {
  const t = useT();
  const trpc = useTRPC();
  const scope = useScope();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation(
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
  const keys = useRef(new Map<string, string>());
  const keyFor = (rows: unknown) => {
    const lines = JSON.stringify(rows);
    if (!keys.current.has(lines)) keys.current.set(lines, newAttemptKey());
    return keys.current.get(lines)!;
  };
  type Input = Omit<Parameters<typeof mutation.mutate>[0], "idempotencyKey">;
  return { ...mutation, mutate: (input: Input) => mutation.mutate({ ...input, idempotencyKey: keyFor(input.rows) }) };
}
