"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { coverage } from "@/server/catalog/coverage";
import { useT } from "@/components/i18n/provider";
import { useScope } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { DateSelect } from "@/components/ui/date-select";
import { CountryOptions, DirectionOptions, FilterSelect } from "@/components/ui/choices";
import { Field, Input } from "@/components/ui/field";
import { DownloadIcon, FilterIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { exportHref, hasFilters, readFilters, toProcedureFilters, type UrlFilters } from "./filters";
import { TransactionTable } from "./transaction-table";
import { TRANSACTION_STATUSES } from "@/server/vocabulary";
import { useLiveTransactions } from "./use-live-transactions";

const PAGE_SIZE = 25;

export function TransactionsPage() {
  const t = useT();
  const trpc = useTRPC();
  const scope = useScope();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = useMemo(() => readFilters(new URLSearchParams(params.toString())), [params]);
  const filterKey = params.toString();
  // Cursor stack for Previous/Next; it restarts whenever the filters or the mode change.
  const [pages, setPages] = useState<{ key: string; cursors: Array<string | null> }>({ key: "", cursors: [null] });
  const pageKey = `${filterKey}|${scope.mode}`;
  const cursors = pages.key === pageKey ? pages.cursors : [null];
  const cursor = cursors[cursors.length - 1];
  const [search, setSearch] = useState(filters.q ?? "");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeCount = (["status", "type", "country", "network", "from", "to"] as const).filter((k) => filters[k]).length;

  const list = useQuery(
    trpc.transactions.list.queryOptions(
      { ...scope, filters: toProcedureFilters(filters), cursor, limit: PAGE_SIZE },
      // Refreshed when a transaction changes (useLiveTransactions); the timer is only a fallback.
      { placeholderData: keepPreviousData, refetchInterval: 60_000 },
    ),
  );
  useLiveTransactions();

  function setFilter(patch: Partial<UrlFilters>) {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    // Network ids only make sense within the chosen country.
    if ("country" in patch) next.delete("network");
    const qs = next.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    if ((filters.q ?? "") === search.trim()) return;
    const id = setTimeout(() => setFilter({ q: search.trim() || undefined }), 350);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const country = coverage.find((c) => c.code === filters.country);
  const networks = country ? country.networks.map((n) => n.id) : [...new Set(coverage.flatMap((c) => c.networks.map((n) => n.id)))].sort();

  return (
    <>
      <PageHeader
        title={t("transactions.title")}
        actions={
          <a href={exportHref(filters, scope)} className={buttonClass("secondary")} download>
            <DownloadIcon className="h-4 w-4" />
            {t("transactions.export")}
          </a>
        }
      />
      <Card>
        <form role="search" className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:px-5 lg:grid-cols-4 xl:grid-cols-6" onSubmit={(e) => e.preventDefault()}>
          <Field className="sm:col-span-2" label={t("transactions.searchLabel")}>
            {(p) => <Input {...p} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("transactions.searchPlaceholder")} />}
          </Field>
          {/* Phones: the six filters fold behind one button that says how many are on. */}
          <Button
            variant="secondary"
            className="justify-between sm:hidden"
            aria-expanded={filtersOpen}
            aria-controls="transaction-filters"
            onClick={() => setFiltersOpen((o) => !o)}
            data-testid="filters-toggle"
          >
            <span className="inline-flex items-center gap-2">
              <FilterIcon className="h-4 w-4" />
              {t("transactions.filters")}
            </span>
            {activeCount > 0 ? (
              <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="filters-count">
                <span aria-hidden>{activeCount}</span>
                <span className="sr-only">{t("transactions.activeFilters", { count: activeCount })}</span>
              </span>
            ) : null}
          </Button>
          <div id="transaction-filters" className={`${filtersOpen ? "grid" : "hidden"} gap-3 sm:contents`}>
          <FilterSelect label={t("transactions.status")} value={filters.status ?? ""} onChange={(v) => setFilter({ status: (v || undefined) as UrlFilters["status"] })}>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t("transactions.type")} value={filters.type ?? ""} onChange={(v) => setFilter({ type: (v || undefined) as UrlFilters["type"] })}>
            <DirectionOptions />
          </FilterSelect>
          <FilterSelect label={t("transactions.country")} value={filters.country ?? ""} onChange={(v) => setFilter({ country: v || undefined })}>
            <CountryOptions />
          </FilterSelect>
          <FilterSelect label={t("transactions.network")} value={filters.network ?? ""} onChange={(v) => setFilter({ network: v || undefined })}>
            {networks.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </FilterSelect>
          <div className="sm:col-span-1 lg:col-span-2 xl:col-span-3">
            <DateSelect label={t("transactions.from")} value={filters.from} onChange={(from) => setFilter({ from })} testId="filter-from" />
          </div>
          <div className="sm:col-span-1 lg:col-span-2 xl:col-span-3">
            <DateSelect label={t("transactions.to")} value={filters.to} onChange={(to) => setFilter({ to })} testId="filter-to" />
          </div>
          </div>
          {hasFilters(filters) ? (
            <div className="flex items-end sm:col-span-2 lg:col-span-4 xl:col-span-6">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSearch("");
                  router.replace(pathname, { scroll: false });
                }}
              >
                {t("transactions.clearFilters")}
              </Button>
            </div>
          ) : null}
        </form>

        {list.isPending ? (
          <div className="p-5">
            <LoadingState rows={6} />
          </div>
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState title={hasFilters(filters) ? t("transactions.empty") : t("transactions.emptyNone")} />
        ) : (
          <div aria-busy={list.isFetching || undefined}>
            <TransactionTable rows={list.data.items} />
            <nav aria-label={t("transactions.title")} className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-3 sm:px-5">
              <span className="text-sm text-slate-500">{t("transactions.page", { page: cursors.length })}</span>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" disabled={cursors.length < 2} onClick={() => setPages({ key: pageKey, cursors: cursors.slice(0, -1) })}>
                  {t("common.previous")}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!list.data.nextCursor}
                  onClick={() => list.data.nextCursor && setPages({ key: pageKey, cursors: [...cursors, list.data.nextCursor] })}
                >
                  {t("common.next")}
                </Button>
              </div>
            </nav>
          </div>
        )}
      </Card>
    </>
  );
}
