/**
 * Laravel's LengthAwarePaginator JSON (links + meta, with the UrlWindow page links:
 * 3 pages on each side, "..." separators), so clients written for Laravel APIs read
 * it unchanged (D11).
 */
export interface PaginatorLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface LaravelPage<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: PaginatorLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Laravel's UrlWindow::get(): the page numbers to show, null for a "..." gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const window = ON_EACH_SIDE + 4;
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, ...range(last - 1, last)];
  if (current > last - window) return [1, 2, null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
}

export function paginate<T>(
  items: readonly T[],
  opts: { page: number | "all"; perPage: number; path: string; extraQuery?: Record<string, string> },
): LaravelPage<T> {
  const total = items.length;
  const perPage = opts.page === "all" ? Math.max(total, 1) : opts.perPage;
  const current = opts.page === "all" ? 1 : opts.page;
  const start = (current - 1) * perPage;
  return laravelPage(items.slice(start, start + perPage), { total, current, perPage, path: opts.path, extraQuery: opts.extraQuery });
}

/** One page already read (a LIMIT/OFFSET query and a count): the paginator around it. */
export function laravelPage<T>(
  data: T[],
  opts: { total: number; current: number; perPage: number; path: string; extraQuery?: Record<string, string> },
): LaravelPage<T> {
  const { total, current, perPage } = opts;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (current - 1) * perPage;
  const url = (page: number) => {
    const q = new URLSearchParams({ ...(opts.extraQuery ?? {}), page: String(page) });
    return `${opts.path}?${q.toString()}`;
  };
  const prev = current > 1 ? url(current - 1) : null;
  const next = current < lastPage ? url(current + 1) : null;
  const links: PaginatorLink[] = [
    { url: prev, label: "&laquo; Previous", active: false },
    ...pageWindow(current, lastPage).map((p) =>
      p === null ? { url: null, label: "...", active: false } : { url: url(p), label: String(p), active: p === current },
    ),
    { url: next, label: "Next &raquo;", active: false },
  ];
  return {
    data,
    links: { first: url(1), last: url(lastPage), prev, next },
    meta: {
      current_page: current,
      from: data.length ? start + 1 : null,
      last_page: lastPage,
      links,
      path: opts.path,
      per_page: perPage,
      to: data.length ? start + data.length : null,
      total,
    },
  };
}
