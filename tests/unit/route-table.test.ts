import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderRouteTable, ROUTE_TABLE_FILE, routesOnDisk } from "@/scripts/route-table-source";
import { routeModules } from "@/app/api/route-modules.generated";
import { buildRouteTable, matchRoute } from "@/server/http/route-table";

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
});
