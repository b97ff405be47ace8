// One production build (`next build`) per source tree, shared by the Playwright server
// (tests/e2e/start-server.mjs) and the reliability suite, which both run `npm start`'s
// server. The build is stamped with a hash of the sources it was made from (every file
// but tests, docs and benchmarks), so a second suite in the same CI run reuses it and an
// edited tree is never tested against a stale build.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const PRODUCTION_DIST_DIR = ".next-e2e";
const STAMP_FILE = "sika-source-stamp";

function git(root, args) {
  const out = spawnSync("git", args, { cwd: root, encoding: "buffer", maxBuffer: 256 * 1024 * 1024 });
  return out.status === 0 ? out.stdout : null;
}

// What the server build never reads: editing a test or a doc does not make it stale.
const NOT_BUILT = ["tests", "bench", "docs", ".ci", "scripts", "*.md"].map((p) => `:(exclude,glob)${p.includes("*") ? "**/" + p : p + "/**"}`);

/**
 * A hash of what the build is made from: the path and bytes of every file git tracks or
 * would track (so a commit of the same tree keeps the stamp), or null outside a git
 * checkout (always rebuild).
 */
export function sourceStamp(root) {
  const files = git(root, ["ls-files", "-co", "--exclude-standard", "-z", "--", ".", ...NOT_BUILT]);
  if (!files) return null;
  const hash = crypto.createHash("sha256");
  for (const file of [...new Set(files.toString("utf8").split("\0").filter(Boolean))].sort()) {
    try {
      const bytes = fs.readFileSync(path.join(root, file));
      hash.update(`${file}\0${bytes.length}\0`).update(bytes);
    } catch {
      // deleted in the working tree: absent from the build too
    }
  }
  return hash.digest("hex");
}

/**
 * Builds `distDir` unless it already holds a build of these very sources. `env` is the
 * server's environment: prerendering runs the instrumentation hook, so the build gets a
 * throwaway PGlite folder, no DATABASE_URL and no worker loop.
 */
export function ensureProductionBuild({ root, distDir = PRODUCTION_DIST_DIR, env, pgliteDir }) {
  const stamp = sourceStamp(root);
  const stampPath = path.join(root, distDir, STAMP_FILE);
  const built = fs.existsSync(path.join(root, distDir, "BUILD_ID"));
  if (built && stamp && fs.existsSync(stampPath) && fs.readFileSync(stampPath, "utf8") === stamp) return { built: false };
  const buildEnv = { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir, NEXT_SKIP_TYPECHECK: "1", PGLITE_DATA_DIR: pgliteDir, WORKER_ENABLED: "0", SEED_DEMO: "0" };
  delete buildEnv.DATABASE_URL;
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const tsconfig = path.join(root, "tsconfig.json");
  const tsconfigBefore = fs.readFileSync(tsconfig, "utf8");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env: buildEnv, stdio: ["ignore", "inherit", "inherit"] });
  // Next adds the custom dist folder's type paths to tsconfig.json on every build.
  if (fs.readFileSync(tsconfig, "utf8") !== tsconfigBefore) fs.writeFileSync(tsconfig, tsconfigBefore);
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  if (stamp) fs.writeFileSync(stampPath, stamp);
  return { built: true };
}
