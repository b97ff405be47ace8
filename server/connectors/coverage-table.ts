import { pairKey, reaches, type Direction, type OperatorDescriptor } from "./descriptor";
import { operators } from "./index";

/**
 * docs/connectors.md's coverage table, generated from the descriptors (issue 20): for each
 * network-country pair of the catalog, its direct and aggregator routes and the directions
 * they can carry. `npm run generate:coverage` writes it between the markers; a unit test
 * checks that the committed table is the generated one. The catalog's pairs are passed in
 * (server/catalog imports this folder, not the other way round).
 */
export const COVERAGE_START = "<!-- coverage-table:start (npm run generate:coverage) -->";
export const COVERAGE_END = "<!-- coverage-table:end -->";

export interface CatalogPair {
  country: string;
  countryName: string;
  network: string;
  networkName: string;
}

const names = (ds: OperatorDescriptor[]) => (ds.length ? ds.map((d) => d.label).join(", ") : "—");

function directions(ds: OperatorDescriptor[], p: CatalogPair): string {
  const has = (d: Direction) => ds.some((x) => reaches(x, p.country, p.network, d));
  return [has("payin") ? "payin" : null, has("payout") ? "payout" : null].filter(Boolean).join(" + ") || "—";
}

export function coverageTable(pairs: readonly CatalogPair[]): string {
  const rows: string[] = [];
  let direct = 0;
  let both = 0;
  let aggregatorOnly = 0;
  for (const p of pairs) {
    const reaching = operators.filter((d) => reaches(d, p.country, p.network));
    const ds = reaching.filter((d) => d.kind === "direct");
    const ag = reaching.filter((d) => d.kind === "aggregator");
    const kind = ds.length && ag.length ? "direct + aggregator" : ds.length ? "direct" : ag.length ? "aggregator" : "none";
    if (ds.length) direct++;
    if (ds.length && ag.length) both++;
    else if (ag.length) aggregatorOnly++;
    rows.push(`| ${p.countryName} (${p.country}) | ${p.networkName} (\`${p.network}\`) | ${names(ds)} | ${names(ag)} | ${kind} | ${directions(reaching, p)} |`);
  }
  const keys = new Set(pairs.map((p) => pairKey(p.country, p.network)));
  return [
    COVERAGE_START,
    `Live routes exist for **${direct + aggregatorOnly} of ${keys.size}** pairs: ${direct} with a direct operator API (${both} of them with an aggregator as second route), ${aggregatorOnly} through an aggregator only, ${keys.size - direct - aggregatorOnly} with none.`,
    "",
    "| Country | Network | Direct route | Aggregator route | Coverage | Directions |",
    "|---|---|---|---|---|---|",
    ...rows,
    COVERAGE_END,
  ].join("\n");
}

/** Replaces the table between the markers of a document's text. */
export function withCoverageTable(doc: string, table: string): string {
  const start = doc.indexOf(COVERAGE_START);
  const end = doc.indexOf(COVERAGE_END);
  if (start < 0 || end < start) throw new Error("docs/connectors.md has no coverage-table markers");
  return doc.slice(0, start) + table + doc.slice(end + COVERAGE_END.length);
}
