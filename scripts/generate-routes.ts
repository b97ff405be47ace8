import fs from "node:fs";
import path from "node:path";
import { renderRouteTable, ROUTE_TABLE_FILE } from "./route-table-source";

/**
 * npm run generate:routes            writes app/api/route-modules.generated.ts
 * npm run generate:routes -- --check exits 1 when the committed file is stale
 */
const file = path.join(process.cwd(), ROUTE_TABLE_FILE);
const fresh = renderRouteTable();
const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
if (current === fresh) {
  console.log(`up to date  ${ROUTE_TABLE_FILE}`);
} else if (process.argv.includes("--check")) {
  console.error(`STALE       ${ROUTE_TABLE_FILE}  (run: npm run generate:routes)`);
  process.exit(1);
} else {
  fs.writeFileSync(file, fresh);
  console.log(`wrote       ${ROUTE_TABLE_FILE}`);
}
