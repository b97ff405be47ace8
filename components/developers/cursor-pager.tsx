"use client";

import { useState } from "react";
import { useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";
import { EmptyState, QueryBoundary } from "@/components/ui/states";
import { ResponsiveTable } from "@/components/ui/table";

/** Cursor pages walked back and forth: the cursors seen so far, the current one last. */
export function useCursors() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return { cursor: cursors[cursors.length - 1], cursors, setCursors, reset: () => setCursors([null]) };
}

/** Previous / Next under a cursor-paged list; hidden when there is a single page. */
export function CursorPager({ pager, nextCursor }: { pager: ReturnType<typeof useCursors>; nextCursor: string | null }) {
  const t = useT();
  const { cursors, setCursors } = pager;
  if (cursors.length < 2 && !nextCursor) return null;
  return (
    <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
      <Button variant="secondary" size="sm" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
        {t("common.previous")}
      </Button>
      <Button variant="secondary" size="sm" disabled={!nextCursor} onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}>
        {t("common.next")}
      </Button>
    </div>
  );
}

/** A cursor-paged list: loading / error / empty states, the responsive table, and the pager. */
export function PagedTable<T>({
  query,
  pager,
  empty,
  ...table
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: { items: T[]; nextCursor: string | null } | undefined; refetch: () => unknown };
  pager: ReturnType<typeof useCursors>;
  empty: string;
  label: string;
  card: (item: T) => React.ReactNode;
  head: React.ReactNode;
  row: (item: T) => React.ReactNode;
}) {
  return (
    <QueryBoundary query={query}>
      {(page) =>
        page.items.length === 0 ? (
          <EmptyState title={empty} />
        ) : (
          <>
            <ResponsiveTable items={page.items} {...table} />
            <CursorPager pager={pager} nextCursor={page.nextCursor} />
          </>
        )
      }
    </QueryBoundary>
  );
}
