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

/** A segment's kind, worked out once per table instead of by string tests on every request (docs/benchmarks.md, 2026-11-29 late morning). */
const STATIC = 0;
const PARAM = 1;
const CATCH_ALL = 2;

interface Compiled {
  /** Patterns without parameters, by their path: the most specific answer when one is the path. */
  statics: Map<string, RouteEntry>;
  /** Per path length, the entries that can match it, in the table's order, with their segments' kinds and names. */
  byLength: Map<number, CompiledEntry[]>;
}

interface CompiledEntry {
  entry: RouteEntry;
  kinds: number[];
  /** The static text, or the parameter's name. */
  names: string[];
  /** Position of the catch-all, or -1. */
  catchAll: number;
}

function kindOf(segment: string): number {
  if (segment.startsWith("[...")) return CATCH_ALL;
  if (segment.startsWith("[")) return PARAM;
  return STATIC;
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
      const d = kindOf(sa) - kindOf(sb);
      if (d !== 0) return d;
    }
    return a.segments.length - b.segments.length;
  });
}

const compiled = new WeakMap<RouteEntry[], Compiled>();

function compile(entries: RouteEntry[]): Compiled {
  let c = compiled.get(entries);
  if (c) return c;
  c = { statics: new Map(), byLength: new Map() };
  for (const entry of entries) {
    if (entry.segments.every((seg) => kindOf(seg) === STATIC)) {
      const key = `/${entry.segments.join("/")}`;
      if (!c.statics.has(key)) c.statics.set(key, entry);
    }
  }
  compiled.set(entries, c);
  return c;
}

/**
 * The entries that can match a path of `n` segments, in the table's order: those of
 * exactly n segments and catch-alls reached within n. Same answer as trying them all,
 * without trying the 20-odd that cannot match. Cached per table and length.
 */
function candidates(c: Compiled, entries: RouteEntry[], n: number): CompiledEntry[] {
  let list = c.byLength.get(n);
  if (!list) {
    list = [];
    for (const entry of entries) {
      const kinds = entry.segments.map(kindOf);
      const catchAll = kinds.indexOf(CATCH_ALL);
      if (catchAll >= 0 ? catchAll < n : entry.segments.length === n) {
        list.push({ entry, kinds, names: entry.segments.map((seg, i) => (kinds[i] === CATCH_ALL ? seg.slice(4, -1) : kinds[i] === PARAM ? seg.slice(1, -1) : seg)), catchAll });
      }
    }
    if (c.byLength.size < 64) c.byLength.set(n, list);
  }
  return list;
}

function decodeSegment(p: string): string {
  if (!p.includes("%")) return p;
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/**
 * The route of `pathname`, as Next picks it: static segments before [param] before
 * [...catchAll], compared segment by segment (buildRouteTable's order). A pattern without
 * parameters that is the path itself is that answer (at the first segment where another
 * matching pattern differs, it has the static one), so it is looked up first; a path with
 * percent-escapes is decoded and goes through the list, where static segments are
 * compared before any parameter object is made.
 */
export function matchRoute(entries: RouteEntry[], pathname: string): { entry: RouteEntry; params: Record<string, string | string[]> } | null {
  const c = compile(entries);
  const escaped = pathname.includes("%");
  // The path as it comes ("/api/v1/merchant/payin"); one spelled otherwise ("//", a trailing
  // "/", escapes) finds its static pattern in the list below.
  if (!escaped) {
    const entry = c.statics.get(pathname);
    if (entry) return { entry, params: {} };
  }
  const raw = pathname.split("/").filter(Boolean);
  const parts = escaped ? raw.map(decodeSegment) : raw;
  outer: for (const candidate of candidates(c, entries, parts.length)) {
    const { kinds, names } = candidate;
    const end = candidate.catchAll >= 0 ? candidate.catchAll : kinds.length;
    for (let i = 0; i < end; i++) {
      if (kinds[i] === STATIC && names[i] !== parts[i]) continue outer;
    }
    const params: Record<string, string | string[]> = {};
    for (let i = 0; i < end; i++) if (kinds[i] === PARAM) params[names[i]] = parts[i];
    if (candidate.catchAll >= 0) params[names[candidate.catchAll]] = parts.slice(candidate.catchAll);
    return { entry: candidate.entry, params };
  }
  return null;
}
