"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";

/** How often the page asks whether anything changed (two index lookups on the server). */
export const CHANGE_POLL_MS = 2000;

/**
 * Keeps the transaction lists of the page current: a cheap mark (newest transaction,
 * newest status change) is asked every 2 s while the tab is visible, and when it moves
 * the lists, the overview and the open detail are read again at once, so a payin
 * created by the API or settled by the worker shows up without waiting for a timer.
 */
export function useLiveTransactions(): void {
  const trpc = useTRPC();
  const scope = useScope();
  const queryClient = useQueryClient();
  const mark = useQuery(trpc.transactions.changeMark.queryOptions(scope, { refetchInterval: CHANGE_POLL_MS, refetchIntervalInBackground: false }));
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!mark.data) return;
    if (seen.current !== null && seen.current !== mark.data) {
      void queryClient.invalidateQueries(trpc.transactions.list.queryFilter());
      void queryClient.invalidateQueries(trpc.transactions.detail.queryFilter());
      void queryClient.invalidateQueries(trpc.overview.get.queryFilter());
    }
    seen.current = mark.data;
  }, [mark.data, queryClient, trpc]);
}
