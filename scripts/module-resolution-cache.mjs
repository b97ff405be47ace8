// Node's module resolution re-reads a package's package.json for every file it loads from
// it (to learn the package's "type") and for every bare import of it (to read "exports"),
// copying the file out of its C++ cache and JSON-parsing "exports" again each time.
// drizzle-orm's package.json is 179 KB with 447 exports, and its ESM build is ~300 files:
// `import("drizzle-orm/pg-core")` took 1.3-1.8 s and 275 MB on Node 24.21 (and 26.12), of
// which 1.0 s was package_json_reader and its garbage; with these hooks, 0.16 s and 62 MB.
// Every process that loads the server paid it: each vitest file, each `npm start`,
// `npm run start:api` and `npm run admin` (measured in issue 26's CI-time note).
//
// Two caches, each answering only what Node would answer for the same input:
//  1. A relative `.js` import from inside node_modules to an existing regular file gets
//     the format of its nearest package.json's explicit "type" ("module" or "commonjs"),
//     read once per folder. Without an explicit type (Node may then detect the syntax),
//     a symlink, or anything else, Node resolves as usual.
//  2. A bare specifier resolved from the same folder with the same conditions and import
//     attributes resolves to the same place: Node's answer is kept for the next import.
//
// Loaded with `--import` (vitest.config.ts) or imported first by an entry that loads the
// rest dynamically (scripts/production-entry.ts, lean-entry.ts, admin.ts). Synchronous,
// in-thread hooks: `module.registerHooks` (Node >= 22.15); a Node without it runs as before.
import fs from "node:fs";
import * as nodeModule from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Folder -> the explicit "type" of its nearest package.json, or null when it has none. */
const typeByFolder = new Map();

function packageType(folder) {
  const walked = [];
  let type = null;
  for (let dir = folder; ; dir = path.dirname(dir)) {
    if (typeByFolder.has(dir)) {
      type = typeByFolder.get(dir);
      break;
    }
    walked.push(dir);
    let text = null;
    try {
      text = fs.readFileSync(path.join(dir, "package.json"), "utf8");
    } catch {
      // no package.json here: look one folder up
    }
    if (text !== null) {
      try {
        const declared = JSON.parse(text).type;
        type = declared === "module" || declared === "commonjs" ? declared : null;
      } catch {
        type = null;
      }
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of walked) typeByFolder.set(dir, type);
  return type;
}

function relativeInsidePackage(specifier, parentURL) {
  if (!specifier.endsWith(".js") || !(specifier.startsWith("./") || specifier.startsWith("../"))) return null;
  if (!parentURL?.startsWith("file:") || !parentURL.includes("/node_modules/")) return null;
  const url = new URL(specifier, parentURL);
  const file = fileURLToPath(url);
  let stat;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const format = packageType(path.dirname(file));
  return format ? { url: url.href, format, shortCircuit: true } : null;
}

const BARE = /^(@[^/]+\/)?[a-z0-9][^:]*$/i;
const bareResolved = new Map();

function bareKey(specifier, context) {
  const parent = context.parentURL;
  if (!BARE.test(specifier) || !parent?.startsWith("file:")) return null;
  const folder = parent.slice(0, parent.lastIndexOf("/"));
  const attributes = context.importAttributes ? JSON.stringify(context.importAttributes) : "";
  return `${specifier}\0${folder}\0${(context.conditions ?? []).join(",")}\0${attributes}`;
}

if (typeof nodeModule.registerHooks === "function") {
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const local = relativeInsidePackage(specifier, context.parentURL);
      if (local) return local;
      const key = bareKey(specifier, context);
      if (key === null) return nextResolve(specifier, context);
      const known = bareResolved.get(key);
      if (known) return known;
      const resolved = nextResolve(specifier, context);
      if (resolved.url?.startsWith("file:")) bareResolved.set(key, { ...resolved, shortCircuit: true });
      return resolved;
    },
  });
}
