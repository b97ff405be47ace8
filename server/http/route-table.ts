/**
 * The lean node:http entry's route table: the App Router's `app/api/<prefix>/**\/route.ts`
 * modules with their patterns, as listed by the generated app/api/route-modules.generated.ts
 * (`npm run generate:routes`, imported by the entry files and handed in: server/ knows no
 * app/ and reads no directory at run time), matched the way Next matches them (static
 * segments before [param] before [...catchAll]).
 */
export type RouteModule = Readonly<Record<string, unknown>>;

/** One line of the generated table. */
export interface RouteSource {
  pattern: string;
  module: RouteModule;
}

export interface RouteEntry {
  pattern: string;
  segments: string[];
  module: RouteModule;
}

function rank(segment: string): number {
  if (segment.startsWith("[...")) return 2;
  if (segment.startsWith("[")) return 1;
  return 0;
}

/** The table in matching order (more specific first), optionally only the patterns under `prefixes`. */
export function buildRouteTable(sources: readonly RouteSource[], prefixes?: string[]): RouteEntry[] {
  const entries = sources
    .filter((s) => !prefixes || prefixes.some((p) => s.pattern === p || s.pattern.startsWith(p + "/")))
    .map((s) => ({ pattern: s.pattern, segments: s.pattern.split("/").filter(Boolean), module: s.module }));
  // More specific first: compare segment by segment.
  return entries.sort((a, b) => {
    for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
      const sa = a.segments[i];
      const sb = b.segments[i];
      if (sa === undefined) return -1;
      if (sb === undefined) return 1;
      const d = rank(sa) - rank(sb);
      if (d !== 0) return d;
    }
    return a.segments.length - b.segments.length;
  });
}

/**
 * The entries that can match a path of `n` segments, in the table's order: those of
 * exactly n segments and catch-alls reached within n. Same answer as trying them all,
 * without trying the 20-odd that cannot match (the status read's path has a parameter,
 * so a cache of whole paths would not help). Cached per table and length.
 */
const byLength = new WeakMap<RouteEntry[], Map<number, RouteEntry[]>>();
function candidates(entries: RouteEntry[], n: number): RouteEntry[] {
  let forTable = byLength.get(entries);
  if (!forTable) byLength.set(entries, (forTable = new Map()));
  let list = forTable.get(n);
  if (!list) {
    list = entries.filter((e) => {
      const catchAll = e.segments.findIndex((s) => s.startsWith("[..."));
      return catchAll >= 0 ? catchAll < n : e.segments.length === n;
    });
    if (forTable.size < 64) forTable.set(n, list);
  }
  return list;
}

export function matchRoute(entries: RouteEntry[], pathname: string): { entry: RouteEntry; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map((p) => {
    if (!p.includes("%")) return p;
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  outer: for (const entry of candidates(entries, parts.length)) {
    const params: Record<string, string | string[]> = {};
    for (let i = 0; i < entry.segments.length; i++) {
      const seg = entry.segments[i];
      if (seg.startsWith("[...")) {
        const rest = parts.slice(i);
        if (!rest.length) continue outer;
        params[seg.slice(4, -1)] = rest;
        return { entry, params };
      }
      const part = parts[i];
      if (part === undefined) continue outer;
      if (seg.startsWith("[")) params[seg.slice(1, -1)] = part;
      else if (seg !== part) continue outer;
    }
    if (parts.length === entry.segments.length) return { entry, params };
  }
  return null;
}
