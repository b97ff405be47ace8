/**
 * `npm run bench:profile [-- options]`: CPU per request of the lean entry, and where it
 * goes by stage (issue 13). Robust on a shared machine where req/s is not: the server's
 * own CPU time (process.cpuUsage, every thread) over a measured window divided by the
 * requests it served in it. Start-up and warm-up stay outside the window
 * (bench/lib/profile-hook.mjs opens and closes it on SIGUSR2).
 *
 * For each scenario (payin create, status read, payouts on one wallet): servers without the profiler measure
 * CPU µs/request (`--runs` windows each, median); then a profiled server per checkout
 * takes a V8 CPU profile of one window, attributed to stages by bench/lib/profile-stages.ts.
 * With `--base DIR` (another checkout of Sika, e.g. `git archive <commit>` with a
 * node_modules link) both run side by side on the same database and their windows
 * alternate, so a change in the machine's load hits both alike.
 *
 *   --duration S (10)  --warmup N (requests, 5,000: JIT-warm even when the cores are busy)
 *   --connections N (64)  --runs N (3)  --only payin,status,payout  --tag NAME  --base DIR
 *   --no-profile (CPU per request only)   --same-phone (every payin with the bench's one number; default: a new number each,
 *   as real traffic, so phone parsing is not hidden by the normalisation cache)
 *
 * Writes bench/results/profile-<tag>.json and .md (tables); the .cpuprofile files stay
 * in bench/profiles/<tag>/ (ignored by git).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Options } from "autocannon";
import { BASE_ENV, ROOT, serverNode, startLean, type Server } from "./lib/proc";

Object.assign(process.env, { ...BASE_ENV, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });

const { createBenchDatabase, benchMerchant } = await import("./lib/setup");
const { load } = await import("./lib/load");
const { authHeaders } = await import("./lib/context");
const { createApiKey } = await import("@/server/auth/api-keys");
const { markdownStages, perRequest, readProfile, stagesOf, STAGES } = await import("./lib/profile-stages");

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const num = (name: string, d: number) => Number(arg(name) ?? d);
const opts = {
  duration: num("duration", 10),
  warmup: num("warmup", 5000),
  connections: num("connections", 64),
  runs: num("runs", 3),
  only: (arg("only") ?? "payin,status").split(","),
  tag: arg("tag") ?? new Date().toISOString().replace(/[:.]/g, "-"),
  base: arg("base") ? path.resolve(arg("base")!) : null,
  samePhone: argv.includes("--same-phone"),
  profile: !argv.includes("--no-profile"),
};
const PORT = Number(process.env.BENCH_PORT_BASE ?? 4225) + 6;
const HOOK = path.join(ROOT, "bench", "lib", "profile-hook.mjs");
const PROFILES = path.join(ROOT, "bench", "profiles", opts.tag);
const LEAN_ENV = { SANDBOX_DELAY_MS: "3600000", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", DB_POOL_MAX: process.env.DB_POOL_MAX ?? "4" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The node version the servers of a checkout run on (BENCH_SERVER_NODE may differ per checkout). */
const runtimeOf = (root: string) => execSync(`"${serverNode(root)}" --version`).toString().trim();
const loadavg = () => execSync("uptime").toString().trim().replace(/.*load average: /, "");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The checkouts compared: this one ("current") and, with --base, the other ("base"). */
const checkouts = [{ name: "current", root: ROOT }, ...(opts.base ? [{ name: "base", root: opts.base }] : [])];

const db = await createBenchDatabase();
const payinMerchant = await benchMerchant(db, { tag: "profile-payin" });

function payinRequest(port: number) {
  const body = (phone: string) => JSON.stringify({ amount: 1000, currency: "KES", order_id: "bench-payin", metadata: { network: "safaricom", phone_number: phone, country_code: "KE" } });
  const fixed = body("+254712341234");
  return {
    url: `http://127.0.0.1:${port}/api/v1/merchant/payin`,
    headers: authHeaders(payinMerchant.testApiKey, true),
    requests: [
      {
        method: "POST" as const,
        setupRequest: (req: object) => ({ ...req, body: opts.samePhone ? fixed : body(`+254712${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`) }),
      },
    ],
  };
}

/** Payouts on ONE funded wallet (the hot row of the payout scenario), a fixed body. */
let payoutMerchant: Awaited<ReturnType<typeof benchMerchant>> | null = null;
async function payoutRequest(port: number) {
  payoutMerchant ??= await benchMerchant(db, { tag: "profile-payout", fund: { currency: "KES", amount: 10n ** 13n } });
  const body = JSON.stringify({
    amount: 10,
    currency: "KES",
    payment_method: "mobile_money",
    order_id: "bench-payout",
    metadata: { network: "safaricom", phone_number: "+254712341234", country_code: "KE", beneficiary: "Bench Recipient" },
  });
  return { url: `http://127.0.0.1:${port}/api/v1/merchant/payout`, headers: authHeaders(payoutMerchant.testApiKey, true), method: "POST" as const, body };
}

let statusIds: string[] = [];
let statusKey = "";
async function statusRequest(port: number) {
  if (!statusIds.length) {
    statusIds = (await db.sql<{ id: string }[]>`select id from transactions where merchant_id = ${payinMerchant.merchantId} order by id limit 20000`).map((r) => r.id);
    statusKey = (await createApiKey(db.handle.db, { merchantId: payinMerchant.merchantId, mode: "test", name: "profile status" })).key;
  }
  let i = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    headers: authHeaders(statusKey),
    requests: [{ method: "GET" as const, setupRequest: (req: object) => ({ ...req, path: `/api/v1/merchant/transactions/${statusIds[i++ % statusIds.length]}` }) }],
  };
}

interface Window {
  requests: number;
  cpuUs: number;
  usPerRequest: number;
  /** The main thread's share (the request-serving thread; null on an older Node). */
  mainUsPerRequest: number | null;
  /** Share of the window the main thread was ready but waiting for a core (Linux schedstat), %. */
  runqueueWaitPct: number | null;
  /** Mean items per statement of each coalescing batcher in the window. */
  batchMeans: Record<string, number>;
  rps: number;
  p99: number;
  non2xx: number;
  load: string;
}

interface Running {
  checkout: (typeof checkouts)[number];
  server: Server;
  dir: string;
  request: Options;
  windows: number;
}

/** `, main thread waiting for a core 24 %, statusReads 16.6 a statement`: what a window's rate was up against. */
function windowNotes(w: Window): string {
  const wait = w.runqueueWaitPct === null ? "" : `, main thread waiting for a core ${w.runqueueWaitPct} %`;
  return wait + Object.entries(w.batchMeans).map(([name, mean]) => `, ${name} ${mean} a statement`).join("");
}

async function window(r: Running): Promise<Window> {
  r.server.child.kill("SIGUSR2");
  const measured = await load({ ...r.request, connections: opts.connections, duration: opts.duration });
  r.server.child.kill("SIGUSR2");
  const file = path.join(r.dir, `window-${++r.windows}.json`);
  for (let i = 0; i < 600 && !fs.existsSync(file); i++) await sleep(100);
  await sleep(200); // the profile, when any, is written before this file
  const w = JSON.parse(fs.readFileSync(file, "utf8")) as {
    userUs: number;
    systemUs: number;
    mainUs?: number | null;
    wallMs: number;
    runqueueWaitMs?: number | null;
    batches?: Record<string, { mean: number }>;
  };
  const cpuUs = w.userUs + w.systemUs;
  const mainUsPerRequest = typeof w.mainUs === "number" ? w.mainUs / measured.requests : null;
  const runqueueWaitPct = typeof w.runqueueWaitMs === "number" ? Math.round((1000 * w.runqueueWaitMs) / w.wallMs) / 10 : null;
  const batchMeans = Object.fromEntries(Object.entries(w.batches ?? {}).map(([name, b]) => [name, b.mean]));
  return { requests: measured.requests, cpuUs, usPerRequest: cpuUs / measured.requests, mainUsPerRequest, runqueueWaitPct, batchMeans, rps: measured.rps, p99: measured.p99, non2xx: measured.non2xx, load: loadavg() };
}

type RequestOf = (port: number) => Promise<Options> | Options;

async function startAll(name: string, profiled: boolean, request: RequestOf): Promise<Running[]> {
  const out: Running[] = [];
  for (const [i, checkout] of checkouts.entries()) {
    const dir = path.join(PROFILES, `${name}-${checkout.name}-${profiled ? "profiled" : "plain"}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const port = PORT + i;
    const server = await startLean({
      port,
      databaseUrl: db.url,
      env: { ...LEAN_ENV, PROFILE_HOOK_DIR: dir, PROFILE_HOOK_PROFILE: profiled ? "1" : "0" },
      tag: `profile-${name}-${checkout.name}`,
      nodeArgs: ["--import", HOOK],
      root: checkout.root,
    });
    out.push({ checkout, server, dir, request: await request(port), windows: 0 });
  }
  // Warm every server before any window (JIT, pools, caches).
  for (const r of out) await load({ ...r.request, connections: opts.connections, amount: opts.warmup });
  return out;
}

interface CheckoutResult {
  windows: Window[];
  usPerRequestMedian: number;
  profiled?: Window & { stages: ReturnType<typeof perRequest>; top: Record<string, Array<{ fn: string; us: number }>>; dbCallers: Array<{ caller: string; us: number }> };
}
type Result = { scenario: string } & Record<string, CheckoutResult | string>;

async function scenario(name: string, request: RequestOf): Promise<Result> {
  const results: Record<string, CheckoutResult> = Object.fromEntries(checkouts.map((c) => [c.name, { windows: [], usPerRequestMedian: 0 }]));
  const plain = await startAll(name, false, request);
  try {
    for (let n = 0; n < opts.runs; n++) {
      // Alternate which checkout goes first, so neither always follows the other's load.
      for (const r of n % 2 ? [...plain].reverse() : plain) {
        const w = await window(r);
        results[r.checkout.name].windows.push(w);
        console.log(`  ${name} [${r.checkout.name}]: ${w.requests} requests (${w.rps}/s, p99 ${w.p99} ms, non-2xx ${w.non2xx}), server CPU ${Math.round(w.usPerRequest)} µs/request${w.mainUsPerRequest === null ? "" : ` (main thread ${Math.round(w.mainUsPerRequest)})`}, load average ${w.load}`);
      }
    }
  } finally {
    for (const r of plain) await r.server.stop("SIGINT");
  }
  for (const c of checkouts) results[c.name].usPerRequestMedian = median(results[c.name].windows.map((w) => w.usPerRequest));
  if (!opts.profile) return { scenario: name, ...results };

  const profiled = await startAll(name, true, request);
  try {
    for (const r of profiled) {
      const w = await window(r);
      const res = results[r.checkout.name];
      const table = stagesOf(readProfile(path.join(r.dir, `window-${r.windows}.cpuprofile`)));
      // Per request: shares of the profile times the CPU measured without the profiler.
      const stages = perRequest(table, res.usPerRequestMedian);
      const perReq = (us: number) => Math.round((10 * us * res.usPerRequestMedian) / table.busyUs) / 10;
      const top = Object.fromEntries(STAGES.map((s) => [s, table.top[s].map((t) => ({ fn: t.fn, us: perReq(t.us) }))]));
      const dbCallers = table.dbCallers.map((c) => ({ caller: c.caller, us: perReq(c.us) }));
      res.profiled = { ...w, stages, top, dbCallers };
      console.log(`  ${name} [${r.checkout.name}] (profiled): ${w.requests} requests, ${Math.round(w.usPerRequest)} µs/request with the profiler, load average ${w.load}`);
    }
  } finally {
    for (const r of profiled) await r.server.stop("SIGINT");
  }
  return { scenario: name, ...results };
}

const results: Result[] = [];
const startLoad = loadavg();
try {
  console.log(`profile: ${checkouts.map((c) => `${c.name} = ${c.root}`).join(", ")}; ${opts.duration} s windows after ${opts.warmup} warm-up requests, ${opts.connections} connections, load average ${startLoad}`);
  if (opts.only.includes("payin") || opts.only.includes("status")) results.push(await scenario("payin", payinRequest));
  if (opts.only.includes("status")) results.push(await scenario("status", statusRequest));
  if (opts.only.includes("payout")) results.push(await scenario("payout", payoutRequest));
} finally {
  await db.drop();
}

const md: string[] = [`# CPU per request, lean entry (${opts.tag})`, "", `Started at load average ${startLoad}; ${opts.duration} s windows, ${opts.connections} connections, ${opts.samePhone ? "one phone number" : "a new phone number per payin"}.`, ""];
for (const r of results) {
  for (const c of checkouts) {
    const res = r[c.name] as CheckoutResult;
    md.push(`## ${r.scenario}, ${c.name} (${c.root}, node ${runtimeOf(c.root)})`, "");
    const mains = res.windows.map((w) => w.mainUsPerRequest).filter((v): v is number => v !== null);
    const mainMedian = mains.length ? `; main thread median ${Math.round(median(mains))} µs` : "";
    md.push(`Server CPU per request, no profiler: ${res.windows.map((w) => `${Math.round(w.usPerRequest)} µs${w.mainUsPerRequest === null ? "" : ` (main ${Math.round(w.mainUsPerRequest)})`} (${w.rps}/s${windowNotes(w)}, load ${w.load})`).join("; ")}; **median ${Math.round(res.usPerRequestMedian)} µs**${mainMedian}.`, "");
    if (!res.profiled) continue;
    md.push(`Profiled window: ${res.profiled.requests} requests, ${Math.round(res.profiled.usPerRequest)} µs/request with the profiler on (load ${res.profiled.load}). Stages: share of the samples × the median above.`, "");
    md.push(markdownStages(res.profiled.stages), "");
    md.push("Top functions (self time, µs/request):", "");
    for (const [stage, fns] of Object.entries(res.profiled.top)) {
      if (fns.length) md.push(`- ${stage}: ${fns.slice(0, 5).map((f) => `${f.fn} ${f.us}`).join("; ")}`);
    }
    md.push("", `Database time (driver + SQL) by caller, µs/request: ${res.profiled.dbCallers.slice(0, 8).map((x) => `${x.caller} ${x.us}`).join("; ")}`, "");
  }
}
const out = path.join(ROOT, "bench", "results", `profile-${opts.tag}`);
fs.writeFileSync(`${out}.json`, JSON.stringify({ options: opts, results }, null, 2));
fs.writeFileSync(`${out}.md`, md.join("\n"));
console.log(`\n${md.join("\n")}\nwrote ${path.relative(ROOT, out)}.{json,md}`);
