import fs from "node:fs";
import path from "node:path";
import { coverage } from "../server/catalog/coverage";
import { coverageTable, withCoverageTable } from "../server/connectors/coverage-table";

/** `npm run generate:coverage`: writes docs/connectors.md's coverage table from the connector descriptors. */
const catalogPairs = () => coverage.flatMap((c) => c.networks.map((n) => ({ country: c.code, countryName: c.name, network: n.id, networkName: n.name })));

const file = path.join(process.cwd(), "docs", "connectors.md");
fs.writeFileSync(file, withCoverageTable(fs.readFileSync(file, "utf8"), coverageTable(catalogPairs())));
console.log(`wrote the coverage table in ${path.relative(process.cwd(), file)}`);
