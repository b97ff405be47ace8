/**
 * The house's structure rules, measured (issue 14). Run by `npm run check:structure` and .ci/run.
 *  1. Nothing under server/ imports from app/ or components/ (the domain knows no UI or route).
 *  2. No cycle between the top-level folders of server/ (floors only point down).
 *  3. No hand-written file over 400 lines (generated code, migrations and lockfiles excluded).
 *  4. `duplicates` (when on PATH): no repeated block outside generated code and tests. Rows
 *     the tool marks `shape` (alike but for names and values) are not counted; an exact repeat
 *     is a breach: give the shared logic one home. `--warn-duplicates` only lists them.
 *  5. One writer per change (issue 26): timeline rows, outbox events, wallet balances and
 *     ledger entries are each written in the files SINGLE_WRITERS names, nowhere else.
 * (A sixth rule refused `{ ...x, more }` on the hot paths: Node 20's V8 paid ~1.4 µs for each
 * property added after a spread. The project runs on Node 24 since 2026-11-28, where that
 * object costs 0.09 µs, less than its Object.assign form: the rule went with the runtime.)
 * Exits 1 with the list of breaches. `--graph` prints the server/ folder graph.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|js|css)$/;
/** Generated or vendored: not held to the hand-written rules. */
const GENERATED = [/^server\/client\/generated\//, /^drizzle\//, /^docs\/openapi\.json$/, /^package-lock\.json$/, /^next-env\.d\.ts$/];
const SKIP_DIRS = new Set(["node_modules", ".next", ".git", "coverage", "test-results", "playwright-report"]);
/** Test setup may repeat itself (fixtures spelled out for readability). */
const DUPLICATES_ALLOWED = [/^tests\//, ...GENERATED];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    if (SKIP_DIRS.has(name) || name.startsWith(".next") || name.startsWith(".data")) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel, out);
    else out.push(rel);
  }
  return out;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s*["']([^"']+)["']/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith("@/")) found.push(spec.slice(2));
    else if (spec.startsWith(".")) found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
  }
  return found;
}

const files = walk("").filter((f) => !GENERATED.some((g) => g.test(f)));
const problems: string[] = [];

// 1 and 2: the import graph of server/.
const folderEdges = new Map<string, Set<string>>();
const topFolder = (p: string) => {
  const parts = p.split("/");
  return parts.length > 2 ? parts[1] : null; // server/<folder>/...; server/x.ts is the shared floor
};
for (const file of files.filter((f) => f.startsWith("server/") && /\.tsx?$/.test(f))) {
  for (const target of importsOf(file)) {
    if (target.startsWith("app/") || target.startsWith("components/")) problems.push(`server imports UI/route: ${file} -> ${target}`);
    const from = topFolder(file);
    const to = target.startsWith("server/") ? topFolder(target) : null;
    if (from && to && from !== to) {
      if (!folderEdges.has(from)) folderEdges.set(from, new Set());
      folderEdges.get(from)!.add(to);
    }
  }
}
// A cycle: any folder that can reach itself.
const reported = new Set<string>();
for (const start of folderEdges.keys()) {
  const stack: string[][] = [[start]];
  const seen = new Set<string>();
  while (stack.length) {
    const trail = stack.pop()!;
    for (const next of folderEdges.get(trail[trail.length - 1]) ?? []) {
      if (next === start) {
        const cycle = [...trail, start];
        const key = [...trail].sort().join(",");
        if (!reported.has(key)) {
          reported.add(key);
          problems.push(`folder cycle in server/: ${cycle.join(" -> ")}`);
        }
      } else if (!seen.has(next)) {
        seen.add(next);
        stack.push([...trail, next]);
      }
    }
  }
}

// 3: file length.
for (const file of files.filter((f) => SOURCE.test(f))) {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n").length;
  if (lines > MAX_LINES) problems.push(`over ${MAX_LINES} lines: ${file} (${lines})`);
}

// 5: one writer per change (issue 26): each of these writes lives in the files named, and
// nowhere else in the application (a second writer would drift from the first).
const SINGLE_WRITERS: Array<{ what: string; pattern: RegExp; files: string[] }> = [
  { what: "timeline rows", pattern: /insert\(transactionEvents\)|insert into transaction_events/, files: ["server/payments/transitions.ts"] },
  {
    what: "outbox events",
    pattern: /insert\(webhookEvents\)|insert into webhook_events/,
    // fan-out.ts and events.ts copy a stored event to one more endpoint (delivery rows), they write no new notification.
    files: ["server/webhooks/outbox.ts", "server/webhooks/fan-out.ts", "server/webhooks/events.ts"],
  },
  { what: "wallet balances", pattern: /update\(wallets\)|update wallets\b/, files: ["server/ledger/batch-postings.ts"] },
  { what: "ledger entries", pattern: /insert\(ledgerEntries\)|insert into ledger_entries/, files: ["server/ledger/batch-postings.ts"] },
];
for (const file of files.filter((f) => /^(server|app|components)\/.*\.tsx?$/.test(f))) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  for (const w of SINGLE_WRITERS) if (w.pattern.test(text) && !w.files.includes(file)) problems.push(`second writer of ${w.what}: ${file} (the one writer: ${w.files[0]})`);
}

// 4: repeated blocks, from the `duplicates` tool when the machine has it.
let duplicatesNote = "duplicates: not on PATH, skipped";
try {
  const report = execFileSync("duplicates", ["--repo", ROOT, "--most", "200", "--seconds", "60"], { encoding: "utf8" });
  const rows = report.split("\n").filter((l) => /^D\d+ /.test(l));
  const real = rows.filter((row) => {
    if (/ shape\b/.test(row)) return false;
    const places = [...row.matchAll(/(\S+?):\d+-\d+/g)].map((m) => m[1]);
    return !places.some((p) => DUPLICATES_ALLOWED.some((g) => g.test(p)));
  });
  if (process.argv.includes("--warn-duplicates")) for (const row of real) console.warn(`warning: repeated block: ${row}`);
  else for (const row of real) problems.push(`repeated block: ${row}`);
  duplicatesNote = `duplicates: ${rows.length} pair(s), ${real.length} exact repeat(s) outside tests/generated`;
  // Time ran out or the row limit cut the list: what was not read was not checked; say so.
  for (const line of report.split("\n")) if (/^(incomplete:|\(\+\d+ more pairs\))/.test(line)) console.warn(`warning: duplicates: ${line}`);
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
}

if (process.argv.includes("--graph")) {
  for (const [from, tos] of [...folderEdges].sort()) console.log(`${from} -> ${[...tos].sort().join(", ")}`);
}
console.log(duplicatesNote);
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`check:structure: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log("check:structure: ok");
