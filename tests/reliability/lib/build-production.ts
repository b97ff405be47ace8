import os from "node:os";
import path from "node:path";
import { ensureProductionBuild } from "../../../scripts/production-build.mjs";

/**
 * vitest globalSetup of the reliability suite: the production build its child servers
 * run (`npm start`). Reused when the Playwright suite built these very sources moments
 * before (CI runs `npm test` first), built otherwise (a few minutes on 2 cores).
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  const { built } = ensureProductionBuild({ root, env: { ...process.env }, pgliteDir: path.join(os.tmpdir(), `sika-reliability-build-${process.pid}`) });
  console.log(built ? "reliability: built the production server" : "reliability: reusing the production build of these sources");
}
