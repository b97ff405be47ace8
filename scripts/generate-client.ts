import fs from "node:fs";
import path from "node:path";
import { ARTIFACT_PATHS, renderArtifacts } from "@/server/openapi/artifacts";

/**
 * npm run generate:client            writes docs/openapi.json and the typed client's types
 * npm run generate:client -- --check exits 1 when the committed files are stale
 */
const check = process.argv.includes("--check");
const artifacts = await renderArtifacts();
let stale = false;
for (const [name, rel] of Object.entries(ARTIFACT_PATHS) as [keyof typeof ARTIFACT_PATHS, string][]) {
  const file = path.join(process.cwd(), rel);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  if (current === artifacts[name]) {
    console.log(`up to date  ${rel}`);
    continue;
  }
  if (check) {
    stale = true;
    console.error(`STALE       ${rel}  (run: npm run generate:client)`);
    continue;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, artifacts[name]);
  console.log(`wrote       ${rel}`);
}
process.exit(stale ? 1 : 0);
