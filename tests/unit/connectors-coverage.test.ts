import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coverage } from "@/server/catalog/coverage";
import { COVERAGE_END, COVERAGE_START, coverageTable } from "@/server/connectors/coverage-table";
import { operators } from "@/server/connectors";
import { reaches } from "@/server/connectors/descriptor";

/** docs/connectors.md's coverage table is the one generated from the descriptors (npm run generate:coverage). */
const pairs = coverage.flatMap((c) => c.networks.map((n) => ({ country: c.code, countryName: c.name, network: n.id, networkName: n.name })));

describe("coverage table (issue 20)", () => {
  it("the committed table equals the generated one", () => {
    const doc = fs.readFileSync(path.join(process.cwd(), "docs", "connectors.md"), "utf8");
    const committed = doc.slice(doc.indexOf(COVERAGE_START), doc.indexOf(COVERAGE_END) + COVERAGE_END.length);
    expect(committed).toBe(coverageTable(pairs));
  });

  it("live routes reach at least 30 of the 40 pairs; every descriptor pair is a catalog pair", () => {
    expect(pairs).toHaveLength(40);
    const reached = pairs.filter((p) => operators.some((d) => reaches(d, p.country, p.network)));
    expect(reached.length).toBeGreaterThanOrEqual(30);
    const known = new Set(pairs.map((p) => `${p.country}:${p.network}`));
    for (const d of operators) for (const p of d.pairs) expect([d.name, known.has(`${p.country}:${p.network}`)]).toEqual([d.name, true]);
    // One name per route, one owner per callback segment.
    expect(new Set(operators.map((d) => d.name)).size).toBe(operators.length);
    const segments = operators.flatMap((d) => d.callbackSegments);
    expect(new Set(segments).size).toBe(segments.length);
  });
});
