import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderRouteTable, ROUTE_TABLE_FILE, routesOnDisk } from "@/scripts/route-table-source";
import { routeModules } from "@/app/api/route-modules.generated";
import { buildRouteTable, matchRoute, type RouteEntry } from "@/server/http/route-table";

/**
 * Next's rule spelled out plainly, as the matcher first did it: the first entry of the
 * table (most specific first) whose segments take the path's, decoded.
 */
function referenceMatch(entries: RouteEntry[], pathname: string) {
  const parts = pathname.split("/").filter(Boolean).map((p) => {
    try {
      return p.includes("%") ? decodeURIComponent(p) : p;
    } catch {
      return p;
    }
  });
  outer: for (const entry of entries) {
    const params: Record<string, string | string[]> = {};
    for (let i = 0; i < entry.segments.length; i++) {
      const seg = entry.segments[i];
      if (seg.startsWith("[...")) {
        const rest = parts.slice(i);
        if (!rest.length) continue outer;
        params[seg.slice(4, -1)] = rest;
        return { pattern: entry.pattern, params };
      }
      const part = parts[i];
      if (part === undefined) continue outer;
      if (seg.startsWith("[")) params[seg.slice(1, -1)] = part;
      else if (seg !== part) continue outer;
    }
    if (parts.length === entry.segments.length) return { pattern: entry.pattern, params };
  }
  return null;
}

/**
 * The lean entry serves app/api from a generated table of static imports (issue 26), not
 * from a walk of the disk at start: the committed table must list every route file there
 * is, or a new route would answer 404 on `npm start` while Next serves it.
 */
describe("the generated route table", () => {
  it("is up to date (else run: npm run generate:routes)", () => {
    const committed = fs.readFileSync(path.join(process.cwd(), ROUTE_TABLE_FILE), "utf8");
    expect(committed === renderRouteTable(), `${ROUTE_TABLE_FILE} is stale: run npm run generate:routes`).toBe(true);
  });

  it("holds every route file on disk, each with its module", () => {
    const onDisk = routesOnDisk().map(([pattern]) => pattern);
    expect(routeModules.map((r) => r.pattern).sort()).toEqual([...onDisk].sort());
    expect(onDisk).toContain("/api/v1/merchant/payin");
    for (const r of routeModules) expect(Object.values(r.module).some((v) => typeof v === "function"), r.pattern).toBe(true);
  });

  it("matches the way Next does: static before [param] before [...catchAll]", () => {
    const table = buildRouteTable(routeModules);
    expect(matchRoute(table, "/api/v1/merchant/status/txn_1")?.entry.pattern).toBe("/api/v1/merchant/status/[id]");
    expect(matchRoute(table, "/api/v1/merchant/transactions/txn_1/refunds")?.entry.pattern).toBe("/api/v1/merchant/transactions/[id]/refunds");
    expect(matchRoute(table, "/api/v1/merchant/payouts/bulk")?.entry.pattern).toBe("/api/v1/merchant/payouts/bulk");
    expect(matchRoute(table, "/api/v1/no/such/thing")?.entry.pattern).toBe("/api/v1/[...path]");
    expect(matchRoute(table, "/api/connectors/mtn/callback/x")?.params).toEqual({ network: "mtn", path: ["callback", "x"] });
    expect(matchRoute(buildRouteTable(routeModules, ["/api/v1"]), "/api/healthz")).toBeNull();
  });

  it("gives the plain rule's answer for any path (fast-check): statics looked up, segments compared by kind", () => {
    const tables = [buildRouteTable(routeModules), buildRouteTable(routeModules, ["/api/v1"])];
    const words = [...new Set(routeModules.flatMap((r) => r.pattern.split("/").filter(Boolean)))].filter((w) => !w.startsWith("["));
    // A segment: a word of the patterns (so statics and params collide), an id, or text with escapes (valid, %2F, broken).
    const segment = fc.oneof(fc.constantFrom(...words), fc.constantFrom("pi_01J", "txn_1", "%2F", "a%20b", "%zz", "bulk%2Fx", "%41pi"), fc.string({ maxLength: 6 }).map(encodeURIComponent));
    const fromPattern = fc
      .tuple(fc.constantFrom(...routeModules.map((r) => r.pattern)), fc.array(segment, { maxLength: 3 }), fc.integer({ min: 0, max: 3 }), fc.boolean())
      .map(([pattern, extra, cut, doubled]) => {
        let segs = pattern.split("/").filter(Boolean).map((s) => (s.startsWith("[") ? "x1" : s));
        segs = segs.slice(0, Math.max(1, segs.length - cut)).concat(extra);
        return `/${segs.join(doubled ? "//" : "/")}`;
      });
    const anyPath = fc.array(segment, { maxLength: 7 }).map((segs) => `/${segs.join("/")}`);
    fc.assert(
      fc.property(fc.oneof(fromPattern, anyPath), fc.constantFrom(0, 1), (pathname, t) => {
        const got = matchRoute(tables[t], pathname);
        expect(got ? { pattern: got.entry.pattern, params: got.params } : null).toEqual(referenceMatch(tables[t], pathname));
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the plain rule's answer on a table where statics, [params] and catch-alls meet at every depth (fast-check)", () => {
    // The app's table has no depth where a static and a [param] child meet, so the order of
    // the tries would go untested there: a table made for it.
    const patterns = ["/a", "/a/b", "/a/[x]", "/a/[x]/c", "/a/b/[y]", "/a/b/c", "/a/[...rest]", "/a/[x]/[...tail]", "/[p]/b", "/[p]/[q]/c", "/[...all]", "/d/[x]/[...r]", "/d/[z]/e"];
    const table = buildRouteTable(patterns.map((pattern) => ({ pattern, module: { GET: () => pattern } })));
    const path = fc.array(fc.constantFrom("a", "b", "c", "d", "e", "x1", "%61"), { maxLength: 5 }).map((segs) => `/${segs.join("/")}`);
    fc.assert(
      fc.property(path, (pathname) => {
        const got = matchRoute(table, pathname);
        expect(got ? { pattern: got.entry.pattern, params: got.params } : null).toEqual(referenceMatch(table, pathname));
      }),
      { numRuns: 2000 },
    );
  });
});
