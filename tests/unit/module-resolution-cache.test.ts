import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * scripts/module-resolution-cache.mjs answers some resolutions itself. These tests load a
 * small node_modules in a fresh Node process, with and without it, and check that every
 * module gets the value (and so the format) Node gives it, and that the answers it gives
 * really are its own: a hook registered before it (so called after it) counts what still
 * reaches Node's resolver.
 */
const CACHE = path.resolve(import.meta.dirname, "..", "..", "scripts", "module-resolution-cache.mjs");
let dir: string;

function write(rel: string, text: string) {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-resolution-"));
  write("node_modules/esm-pkg/package.json", JSON.stringify({ name: "esm-pkg", type: "module", exports: { ".": "./index.js" } }));
  write("node_modules/esm-pkg/index.js", 'export { a } from "./lib/a.js";\n');
  write("node_modules/esm-pkg/lib/a.js", "export const a = 1;\n");
  write("node_modules/cjs-pkg/package.json", JSON.stringify({ name: "cjs-pkg", type: "commonjs" }));
  write("node_modules/cjs-pkg/index.js", 'module.exports = { b: require("./b.js").b };\n');
  write("node_modules/cjs-pkg/b.js", "exports.b = 2;\n");
  // No "type": Node looks at the syntax; the cache must leave these to Node.
  write("node_modules/typeless-pkg/package.json", JSON.stringify({ name: "typeless-pkg" }));
  write("node_modules/typeless-pkg/index.js", 'export { c } from "./c.js";\n');
  write("node_modules/typeless-pkg/c.js", "export const c = 3;\n");
  // The nearest package.json decides: a CommonJS folder inside an ESM package.
  write("node_modules/nested-pkg/package.json", JSON.stringify({ name: "nested-pkg", type: "module" }));
  write("node_modules/nested-pkg/index.js", 'import x from "./cjs/x.js";\nexport const d = x.d;\n');
  write("node_modules/nested-pkg/cjs/package.json", JSON.stringify({ type: "commonjs" }));
  write("node_modules/nested-pkg/cjs/x.js", "module.exports = { d: 4 };\n");
  write("other.mjs", 'export { a as again } from "esm-pkg";\n');
  write(
    "main.mjs",
    [
      'import { registerHooks } from "node:module";',
      "const reached = { relative: [], bare: [] };",
      "registerHooks({ resolve(s, c, next) {",
      '  if (s.startsWith(".") && c.parentURL?.includes("/node_modules/")) reached.relative.push(s);',
      '  else if (!s.startsWith(".") && !s.startsWith("file:") && !s.startsWith("node:")) reached.bare.push(s);',
      "  return next(s, c);",
      "} });",
      "if (process.env.CACHE) await import(process.env.CACHE);",
      'const { a } = await import("esm-pkg");',
      'const { again } = await import("./other.mjs");',
      'const { b } = await import("cjs-pkg");',
      'const { c } = await import("typeless-pkg");',
      'const { d } = await import("nested-pkg");',
      'const esmFirst = await import("esm-pkg");',
      "console.log(JSON.stringify({ values: { a, again, b, c, d, same: esmFirst.a === a }, reached }));",
    ].join("\n"),
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(withCache: boolean) {
  const out = execFileSync(process.execPath, ["main.mjs"], { cwd: dir, env: { ...process.env, CACHE: withCache ? CACHE : "" }, encoding: "utf8" });
  return JSON.parse(out) as { values: Record<string, unknown>; reached: { relative: string[]; bare: string[] } };
}

describe("module resolution cache", () => {
  it("gives every module what Node gives it, and answers the relative imports of typed packages itself", () => {
    const plain = run(false);
    const cached = run(true);
    expect(plain.values).toEqual({ a: 1, again: 1, b: 2, c: 3, d: 4, same: true });
    expect(cached.values).toEqual(plain.values);
    // Without the cache Node resolves every relative import of the packages.
    expect([...new Set(plain.reached.relative)].sort()).toEqual(["./b.js", "./c.js", "./cjs/x.js", "./lib/a.js"]);
    // With it only the typeless package's import reaches Node (its format is a syntax question).
    expect([...new Set(cached.reached.relative)]).toEqual(["./c.js"]);
  });

  it("resolves a bare specifier once per folder", () => {
    const plain = run(false);
    const cached = run(true);
    // main.mjs imports esm-pkg twice; other.mjs, in the same folder, once more.
    expect(plain.reached.bare.filter((s) => s === "esm-pkg")).toHaveLength(3);
    expect(cached.reached.bare.filter((s) => s === "esm-pkg")).toHaveLength(1);
  });
});
