import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteHandler } from "./api-route";

/**
 * The App Router's file-system routes, read back for the lean node:http entry: every
 * `app/api/<prefix>/**\/route.ts` becomes a pattern with its module, matched the way
 * Next matches them (static segments before [param] before [...catchAll]).
 */
export type RouteModule = Partial<Record<string, RouteHandler>>;

export interface RouteEntry {
  pattern: string;
  segments: string[];
  file: string;
  load: () => Promise<RouteModule>;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name === "route.ts" || entry.name === "route.js") out.push(full);
  }
  return out;
}

function rank(segment: string): number {
  if (segment.startsWith("[...")) return 2;
  if (segment.startsWith("[")) return 1;
  return 0;
}

export function discoverRoutes(appDir: string, prefixes: string[]): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const prefix of prefixes) {
    const root = path.join(appDir, prefix);
    if (!fs.existsSync(root)) continue;
    for (const file of walk(root)) {
      const rel = path.relative(appDir, path.dirname(file)).split(path.sep).filter((s) => !/^\(.*\)$/.test(s));
      entries.push({ pattern: "/" + rel.join("/"), segments: rel, file, load: () => import(pathToFileURL(file).href) });
    }
  }
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
