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

/**
 * The table as a tree of segments: a path is walked segment by segment, trying the static
 * child, then the [param] child, then a [...catchAll], so the first entry reached is the
 * first of the table's order that matches (that order compares kinds segment by segment).
 * A [param] child is shared by every entry with a parameter there, whatever its name:
 * each entry names its own parameters (`names`).
 */
interface Node {
  statics: Map<string, Node>;
  param: Node | null;
  /** The first entry (table order) with a catch-all at this depth. */
  catchAll: CompiledEntry | null;
  /** The first entry (table order) whose pattern ends here. */
  end: CompiledEntry | null;
}

interface Compiled {
  /** Patterns without parameters, by their path: the most specific answer when one is the path. */
  statics: Map<string, RouteEntry>;
  root: Node;
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

const node = (): Node => ({ statics: new Map(), param: null, catchAll: null, end: null });

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
  c = { statics: new Map(), root: node() };
  for (const entry of entries) {
    const kinds = entry.segments.map(kindOf);
    const names = entry.segments.map((seg, i) => (kinds[i] === CATCH_ALL ? seg.slice(4, -1) : kinds[i] === PARAM ? seg.slice(1, -1) : seg));
    const compiledEntry: CompiledEntry = { entry, kinds, names, catchAll: kinds.indexOf(CATCH_ALL) };
    if (compiledEntry.catchAll < 0 && !kinds.includes(PARAM)) {
      const key = `/${entry.segments.join("/")}`;
      if (!c.statics.has(key)) c.statics.set(key, entry);
    }
    let at = c.root;
    for (let i = 0; i < kinds.length; i++) {
      if (kinds[i] === CATCH_ALL) {
        at.catchAll ??= compiledEntry;
        break;
      }
      if (kinds[i] === PARAM) at = at.param ??= node();
      else {
        let next = at.statics.get(names[i]);
        if (!next) at.statics.set(names[i], (next = node()));
        at = next;
      }
      if (i === kinds.length - 1) at.end ??= compiledEntry;
    }
  }
  compiled.set(entries, c);
  return c;
}

/** The first entry reachable from `at` for parts[i..]: static child, then [param], then a catch-all (which needs a segment). */
function walk(at: Node, parts: string[], i: number): CompiledEntry | null {
  if (i === parts.length) return at.end;
  const next = at.statics.get(parts[i]);
  const viaStatic = next ? walk(next, parts, i + 1) : null;
  if (viaStatic) return viaStatic;
  const viaParam = at.param ? walk(at.param, parts, i + 1) : null;
  return viaParam ?? at.catchAll;
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
 * matching pattern differs, it has the static one), so it is looked up first; any other
 * path (parameters, percent-escapes decoded, "//") walks the tree, and only the entry
 * found gets a parameter object.
 */
export function matchRoute(entries: RouteEntry[], pathname: string): { entry: RouteEntry; params: Record<string, string | string[]> } | null {
  const c = compile(entries);
  const escaped = pathname.includes("%");
  // The path as it comes ("/api/v1/merchant/payin"); one spelled otherwise ("//", a trailing
  // "/", escapes) finds its static pattern in the tree below.
  if (!escaped) {
    const entry = c.statics.get(pathname);
    if (entry) return { entry, params: {} };
  }
  const segments = pathname.split("/");
  // "/a/b".split("/") opens with ""; other empty segments ("//", a trailing "/") are not segments.
  const raw = pathname.startsWith("/") && segments.indexOf("", 1) < 0 ? segments.slice(1) : segments.filter(Boolean);
  const parts = escaped ? raw.map(decodeSegment) : raw;
  const found = walk(c.root, parts, 0);
  if (!found) return null;
  const { kinds, names } = found;
  const end = found.catchAll >= 0 ? found.catchAll : kinds.length;
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < end; i++) if (kinds[i] === PARAM) params[names[i]] = parts[i];
  if (found.catchAll >= 0) params[names[found.catchAll]] = parts.slice(found.catchAll);
  return { entry: found.entry, params };
}

