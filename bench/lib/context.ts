import type { LoadSummary } from "./load";
import type { PgbenchSummary } from "./pgbench";
import type { Server } from "./proc";
import type { BenchDatabase } from "./setup";

/** What every scenario gets, and what it reports. */
export interface BenchOptions {
  /** Seconds of measured load per autocannon run. */
  duration: number;
  /** Seconds of unmeasured load before it (JIT, pools, caches). */
  warmup: number;
  connections: number;
  /** Rows seeded for the list scenario. */
  bulkRows: number;
  /** Webhook events for the delivery-throughput phase. */
  webhookEvents: number;
  /** API_WORKERS for the lean entry. */
  workers: number;
  next: boolean;
  skipBuild: boolean;
  keep: boolean;
  only: string[] | null;
  cpuProfile: boolean;
  /** `--smoke`: every scenario for a few seconds, smaller batches (lib/smoke.ts). */
  smoke?: boolean;
}

export interface BenchContext {
  opts: BenchOptions;
  db: BenchDatabase;
  /** The lean entry, started by run.ts with the creation settings (long sandbox delay). */
  lean: Server;
  /** The Next.js production server, when built. */
  next: Server | null;
  /** Ids of the payins created by the payin scenario (the status scenario reads them). */
  payinIds: string[];
  refs: References;
}

export interface References {
  bare?: LoadSummary;
  pgPayinInsert?: PgbenchSummary;
  pgPayinInsert64?: PgbenchSummary;
  pgPayoutHot?: PgbenchSummary;
  pgStatusRead?: PgbenchSummary;
}

export interface Target {
  rps?: number;
  p99Ms?: number;
}

export interface ScenarioRow {
  id: string;
  title: string;
  server: "lean" | "next" | "bare" | "pgbench";
  connections: number;
  load?: LoadSummary;
  /** pgbench rows carry their own numbers. */
  pgbench?: PgbenchSummary;
  target?: Target;
  /** Which reference ceilings to print beside this row. */
  ceilings?: Array<keyof References>;
  /** Correctness checks made after the load (overdraft, ledger, delivery…). */
  checks?: Record<string, unknown>;
  /** Extra figures (lag percentiles, deliveries/s…). */
  figures?: Record<string, number | string>;
  notes?: string[];
}

/** The server a scenario runs against and how its rows are named. */
export interface Under {
  server: Server;
  kind: "lean" | "next";
  /** "lean entry", "lean entry, API_WORKERS=2", "Next.js production". */
  label: string;
  /** Suffix of the row ids: lean, lean-2w, next. */
  id: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function authHeaders(key: string, json = false): Record<string, string> {
  return { authorization: `Bearer ${key}`, ...(json ? { "content-type": "application/json" } : {}) };
}
