import fs from "node:fs";

/**
 * Where a server's CPU went, by stage of a request, from a V8 .cpuprofile (issue 13).
 *
 * Each sample's time goes to ONE stage: walking from the sampled function (the leaf)
 * towards the root, the first frame a rule below recognises decides. Libraries and
 * builtins are recognised before the Sika code calling them, so JSON.stringify inside
 * the database driver counts as JSON, socket writes made by pg count as pg. Node's own
 * modules (http parser, net, streams, timers) decide only when no library or Sika frame
 * sits above them (e.g. the HTTP parser called from the event loop), hence "weak" rules.
 *
 * `npx tsx bench/lib/profile-stages.ts file.cpuprofile [--requests N] [--us-per-request N] [--top K]`
 */
export const STAGES = [
  "validation (zod)",
  "phone parsing (libphonenumber-js)",
  "fees",
  "id generation",
  "logging (pino)",
  "JSON",
  "auth / API key",
  "rate limit",
  "database driver (pg)",
  "SQL text and row encoding (drizzle, db/raw)",
  "request wrapper and envelope (api-route, lean-fetch)",
  "payment logic (payments, catalog, connectors)",
  "node http / net / streams",
  "promises, timers, microtasks",
  "garbage collection",
  "other",
] as const;
export type Stage = (typeof STAGES)[number];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

type Rule = [Stage, (f: CallFrame) => boolean];
const inPkg = (name: string) => (f: CallFrame) => f.url.includes(`/node_modules/${name}/`);
const inSrc = (...paths: string[]) => (f: CallFrame) => paths.some((p) => f.url.includes(`/${p}`) && !f.url.includes("/node_modules/"));
const JSON_FUNCS = new Set(["stringify", "parse", "JSONStringify", "JSONParse", "JsonStringify", "JsonParse"]);
const isBuiltin = (f: CallFrame) => f.url === "";

/** Strong rules: the first frame (from the leaf) matching one decides. */
const STRONG: Rule[] = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["JSON", (f) => isBuiltin(f) && JSON_FUNCS.has(f.functionName)],
  ["validation (zod)", inPkg("zod")],
  ["phone parsing (libphonenumber-js)", inPkg("libphonenumber-js")],
  ["logging (pino)", (f) => inPkg("pino")(f) || inPkg("sonic-boom")(f) || inPkg("fast-redact")(f) || inPkg("@pinojs/redact")(f) || inPkg("quick-format-unescaped")(f) || inPkg("pino-std-serializers")(f) || inSrc("server/logger.ts")(f)],
  ["rate limit", (f) => inPkg("rate-limiter-flexible")(f) || inPkg("ioredis")(f) || inSrc("server/http/rate-limit.ts", "server/rate-limit/")(f)],
  ["database driver (pg)", (f) => ["pg", "pg-protocol", "pg-pool", "pg-types", "postgres-array", "postgres-date", "postgres-bytea", "postgres-interval", "pg-connection-string", "postgres"].some((p) => inPkg(p)(f))],
  ["SQL text and row encoding (drizzle, db/raw)", (f) => inPkg("drizzle-orm")(f) || inSrc("server/db/")(f)],
  ["validation (zod)", inSrc("server/contracts/", "server/zod.ts")],
  ["phone parsing (libphonenumber-js)", inSrc("server/catalog/phone.ts")],
  ["fees", inSrc("server/fees/", "server/money.ts")],
  ["id generation", (f) => inPkg("ulid")(f) || inSrc("server/ids.ts")(f) || (isBuiltin(f) && /randomUUID|randomFill/.test(f.functionName))],
  ["auth / API key", (f) => inSrc("server/auth/", "server/http/request-auth.ts")(f) || (isBuiltin(f) && /^(Hash|digest|update|createHash)$/.test(f.functionName))],
  ["request wrapper and envelope (api-route, lean-fetch)", inSrc("server/http/", "app/api/")],
  ["payment logic (payments, catalog, connectors)", inSrc("server/payments/", "server/catalog/", "server/connectors/", "server/webhooks/", "server/env.ts", "server/errors.ts", "server/vocabulary.ts")],
];

/** Weak rules: used when no strong rule matched anywhere on the stack. */
const WEAK: Rule[] = [
  ["node http / net / streams", (f) => /^node:(_http|http|net|stream|internal\/(streams|http|net|stream_base|js_stream|child_process)|internal\/url|buffer|events|string_decoder|dns|tls)/.test(f.url) || /^(HTTPParser|execute|writev|writeUtf8String|writeBuffer|writeLatin1String|onStreamRead|socketOnData)$/.test(f.functionName)],
  ["promises, timers, microtasks", (f) => /^node:internal\/(process\/task_queues|timers|async_hooks|process\/promises)|^node:timers/.test(f.url) || /^(processTicksAndRejections|runMicrotasks|listOnTimeout|processTimers)$/.test(f.functionName)],
];

export interface StageTable {
  /** Sampled main-thread time (µs), idle excluded. Wall time: see `perRequest`. */
  busyUs: number;
  idleUs: number;
  byStage: Record<Stage, number>;
  /** Top self-time functions per stage (µs). */
  top: Record<Stage, Array<{ fn: string; us: number }>>;
  /**
   * Database time (driver + SQL building) by the Sika module that asked: the nearest frame
   * of server/ or app/ outside server/db/ ("(event loop)" when none: replies being parsed).
   */
  dbCallers: Array<{ caller: string; us: number }>;
}

const DB_STAGES: ReadonlySet<Stage> = new Set<Stage>(["database driver (pg)", "SQL text and row encoding (drizzle, db/raw)"]);
const SIKA_FILE = /\/(server|app)\/[^:]*$/;

function frameName(f: CallFrame): string {
  const file = f.url.replace(/^file:\/\/.*?\/(node_modules\/|server\/|app\/|bench\/)/, "$1").replace(/^node:/, "node:");
  return `${f.functionName || "(anonymous)"} ${file ? `${file}:${f.lineNumber + 1}` : "(native)"}`;
}

export function stagesOf(profile: CpuProfile): StageTable {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const stageOf = new Map<number, Stage | "idle">();
  const classify = (leafId: number): Stage | "idle" => {
    const cached = stageOf.get(leafId);
    if (cached) return cached;
    const leaf = byId.get(leafId)!.callFrame;
    let result: Stage | "idle" | null = null;
    if (leaf.functionName === "(idle)") result = "idle";
    else if (leaf.functionName === "(program)") result = "other";
    if (!result) {
      outer: for (const rules of [STRONG, WEAK]) {
        for (let id: number | undefined = leafId; id !== undefined; id = parent.get(id)) {
          const f = byId.get(id)!.callFrame;
          for (const [stage, test] of rules) {
            if (test(f)) {
              result = stage;
              break outer;
            }
          }
        }
      }
    }
    stageOf.set(leafId, result ?? "other");
    return result ?? "other";
  };

  const callerOf = new Map<number, string>();
  const dbCaller = (leafId: number): string => {
    let found = callerOf.get(leafId);
    if (found) return found;
    found = "(event loop: replies, pool)";
    for (let id: number | undefined = leafId; id !== undefined; id = parent.get(id)) {
      const url = byId.get(id)!.callFrame.url;
      if (!url.includes("/node_modules/") && SIKA_FILE.test(url) && !url.includes("/server/db/")) {
        found = url.slice(url.search(SIKA_FILE) + 1);
        break;
      }
    }
    callerOf.set(leafId, found);
    return found;
  };
  const callers = new Map<string, number>();
  const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const fnTime = new Map<string, Map<string, number>>();
  let idleUs = 0;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    // A sample stands for the time until the next one.
    const us = i + 1 < timeDeltas.length ? timeDeltas[i + 1] : 0;
    if (us <= 0) continue;
    const stage = classify(samples[i]);
    if (stage === "idle") {
      idleUs += us;
      continue;
    }
    byStage[stage] += us;
    if (DB_STAGES.has(stage)) {
      const c = dbCaller(samples[i]);
      callers.set(c, (callers.get(c) ?? 0) + us);
    }
    const fns = fnTime.get(stage) ?? new Map<string, number>();
    const name = frameName(byId.get(samples[i])!.callFrame);
    fns.set(name, (fns.get(name) ?? 0) + us);
    fnTime.set(stage, fns);
  }
  const busyUs = Object.values(byStage).reduce((a, b) => a + b, 0);
  const top = Object.fromEntries(
    STAGES.map((s) => [
      s,
      [...(fnTime.get(s) ?? new Map<string, number>())]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([fn, us]) => ({ fn, us: Math.round(us) })),
    ]),
  ) as StageTable["top"];
  const dbCallers = [...callers].sort((a, b) => b[1] - a[1]).map(([caller, us]) => ({ caller, us: Math.round(us) }));
  return { busyUs, idleUs, byStage, top, dbCallers };
}

export interface StageRow {
  stage: Stage;
  usPerRequest: number;
  share: number;
}

/**
 * The per-request table: each stage's share of the sampled time, times the process's
 * measured CPU per request (`usPerRequest`, from process.cpuUsage without the profiler).
 * Shares, not sampled µs: V8 samples wall time, so on a busy machine a sample also
 * counts the time the thread waited for a core (mostly right after a socket write woke
 * PostgreSQL), and sampled µs exceed the CPU actually used. Syscall-heavy stages (pg,
 * HTTP writes) are somewhat overstated by this for the same reason.
 */
export function perRequest(table: StageTable, usPerRequest: number): StageRow[] {
  return STAGES.map((stage) => {
    const share = table.busyUs ? table.byStage[stage] / table.busyUs : 0;
    return { stage, share, usPerRequest: share * usPerRequest };
  });
}

export function markdownStages(rows: StageRow[]): string {
  const total = rows.reduce((a, r) => a + r.usPerRequest, 0);
  const lines = ["| stage | µs / request | share |", "|---|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.stage} | ${r.usPerRequest.toFixed(1)} | ${(100 * r.share).toFixed(1)} % |`);
  lines.push(`| **total** | **${total.toFixed(1)}** | 100 % |`);
  return lines.join("\n");
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : undefined;
  };
  const file = argv.find((a) => a.endsWith(".cpuprofile"));
  if (!file) throw new Error("usage: profile-stages.ts file.cpuprofile [--requests N] [--us-per-request N] [--top K]");
  const table = stagesOf(readProfile(file));
  const requests = opt("requests") ?? 1;
  // Without --us-per-request: sampled wall time per request (see perRequest).
  console.log(markdownStages(perRequest(table, opt("us-per-request") ?? table.busyUs / requests)));
  console.log(`\ndatabase time by caller:\n${table.dbCallers.map((c) => `  ${(c.us / requests).toFixed(1).padStart(7)} µs  ${c.caller}`).join("\n")}`);
  const k = opt("top") ?? 5;
  for (const s of STAGES) {
    if (!table.top[s].length) continue;
    console.log(`\n${s}:`);
    for (const t of table.top[s].slice(0, k)) console.log(`  ${(t.us / requests).toFixed(1).padStart(7)} µs  ${t.fn}`);
  }
}
