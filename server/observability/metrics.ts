import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { env } from "../env";

/**
 * Sika's Prometheus metrics (docs/operations.md lists them with their alerts). One registry
 * per process; `/metrics` (metrics-endpoint.ts) serves it, summed over the API_WORKERS
 * processes by the cluster primary. Names follow OpenTelemetry's semantic conventions as
 * Prometheus spells them (`http.server.request.duration` → `http_server_request_duration_seconds`);
 * our own carry the `sika_` prefix. Every label has a bounded set of values: route
 * templates (never raw paths), status classes, catalogue networks and countries.
 *
 * This module imports nothing of the domain: the folders that own a number either record
 * it through the helpers below or register a source read at scrape time (`setSource`),
 * so the folder graph keeps pointing down. METRICS_ENABLED=0 turns every helper into a
 * no-op (the benchmark's comparison run).
 */
export const registry = new Registry();

let enabledCache: boolean | undefined;
/** Read once per process (env() is cached the same way). */
export function metricsEnabled(): boolean {
  enabledCache ??= env().METRICS_ENABLED !== "0";
  return enabledCache;
}

/** OpenTelemetry's recommended boundaries for HTTP durations, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Creation to outcome: seconds (sandbox) to hours (a payout waiting on its operator). */
const OUTCOME_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 900, 1800, 3600, 7200, 21600, 86400];

export const httpDuration = new Histogram({
  name: "http_server_request_duration_seconds",
  help: "Duration of HTTP server requests (OpenTelemetry http.server.request.duration).",
  labelNames: ["http_request_method", "http_route", "http_response_status_class"] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

const created = new Counter({
  name: "sika_transactions_created_total",
  help: "Transactions created (Idempotency-Key replays not counted).",
  labelNames: ["type", "network", "country", "mode"] as const,
  registers: [registry],
});

const finished = new Counter({
  name: "sika_transactions_finished_total",
  help: "Transactions that reached a final status.",
  labelNames: ["type", "network", "country", "mode", "outcome"] as const,
  registers: [registry],
});

const timeToOutcome = new Histogram({
  name: "sika_transaction_time_to_outcome_seconds",
  help: "Time from creation to the final status.",
  labelNames: ["type", "network", "country", "mode", "outcome"] as const,
  buckets: OUTCOME_BUCKETS,
  registers: [registry],
});

const webhookAttempts = new Counter({
  name: "sika_webhook_delivery_attempts_total",
  help: "Webhook delivery attempts by result (delivered, retry: failed and rescheduled, failed: given up, skipped: no URL).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const webhookAttemptNumber = new Histogram({
  name: "sika_webhook_delivery_attempt_number",
  help: "Which attempt an event's final result (delivered or failed) came at.",
  labelNames: ["outcome"] as const,
  buckets: [1, 2, 3, 4, 5, 6, 7, 8, 10],
  registers: [registry],
});

const operatorCalls = new Histogram({
  name: "sika_operator_call_duration_seconds",
  help: "Operator API calls by route (network:country), operation and outcome (ok, or the error kind).",
  labelNames: ["route", "operation", "outcome"] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

type Sample = { labels: Record<string, string>; value: number };
type Source = () => Sample[];
const sources = new Map<string, Source>();

/** A gauge read at scrape time from a registered source; `aggregator` says how processes combine. */
function sourcedGauge(name: string, help: string, labelNames: string[], aggregator: "sum" | "max" | "min") {
  return new Gauge({
    name,
    help,
    labelNames,
    aggregator,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of sources.get(name)?.() ?? []) this.set(s.labels, s.value);
    },
  });
}

/** Breaker: 0 closed, 1 half-open, 2 open. Per process; the worst process wins. */
sourcedGauge("sika_breaker_state", "Circuit breaker per route: 0 closed, 1 half-open, 2 open.", ["route"], "max");
sourcedGauge("db_client_connection_count", "Database connections by pool and state (used, idle): OpenTelemetry db.client.connection.count.", ["pool_name", "state"], "sum");
sourcedGauge("db_client_connection_pending_requests", "Requests waiting for a database connection (db.client.connection.pending_requests).", ["pool_name"], "sum");
sourcedGauge("db_client_connection_max", "Most connections a pool opens (db.client.connection.max).", ["pool_name"], "sum");

export type SourceName = "sika_breaker_state" | "db_client_connection_count" | "db_client_connection_pending_requests" | "db_client_connection_max";

/** The owner of a number registers how to read it (connectors/health.ts, db/client.ts). */
export function setSource(name: SourceName, source: Source): void {
  sources.set(name, source);
}

// Refreshed by the worker's observer job (server/worker/observer-job.ts): database-wide
// numbers, the same in every process, so processes combine by max rather than sum.
const webhookBacklog = new Gauge({ name: "sika_webhook_backlog", help: "Webhook events waiting for delivery.", aggregator: "max", registers: [registry] });
const webhookOldest = new Gauge({ name: "sika_webhook_oldest_pending_age_seconds", help: "Age of the oldest webhook event waiting for delivery.", aggregator: "max", registers: [registry] });
const workerLag = new Gauge({ name: "sika_worker_lag_seconds", help: "How late the oldest due item of a worker job is (0: nothing overdue).", labelNames: ["job"] as const, aggregator: "max", registers: [registry] });
const stuckPending = new Gauge({ name: "sika_transactions_stuck_pending", help: "Pending transactions past their expiry, or flagged needs_attention.", labelNames: ["type", "mode"] as const, aggregator: "max", registers: [registry] });
const ledgerOk = new Gauge({ name: "sika_ledger_invariant_ok", help: "1 when the last ledger check found every promise kept (sums zero, balances match), else 0.", aggregator: "min", registers: [registry] });
const ledgerCheckedAt = new Gauge({ name: "sika_ledger_invariant_checked_timestamp_seconds", help: "When the ledger check last ran (unix seconds).", aggregator: "max", registers: [registry] });
const ledgerProblems = new Gauge({ name: "sika_ledger_invariant_violations", help: "What the last ledger check found wrong, by check.", labelNames: ["check"] as const, aggregator: "max", registers: [registry] });

let defaultsOn = false;
/** Node's own metrics (CPU, memory, event loop, GC); once per process, where metrics are served. */
export function startDefaultMetrics(): void {
  if (defaultsOn || !metricsEnabled()) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry });
}

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];
export const statusClass = (status: number) => STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "5xx";

/** One HTTP request; `route` is a template (`/api/v1/merchant/transactions/[id]`) or a bounded name. */
export function observeHttp(method: string, route: string, status: number, seconds: number): void {
  if (!metricsEnabled()) return;
  httpDuration.observe({ http_request_method: method, http_route: route, http_response_status_class: statusClass(status) }, seconds);
}

export interface TransactionLabels {
  type: string;
  network: string;
  country: string;
  mode: string;
}

export function transactionCreated(t: TransactionLabels): void {
  if (!metricsEnabled()) return;
  created.inc({ type: t.type, network: t.network, country: t.country, mode: t.mode });
}

export function transactionFinished(t: TransactionLabels & { outcome: string; createdAt: Date; finishedAt: Date }): void {
  if (!metricsEnabled()) return;
  const labels = { type: t.type, network: t.network, country: t.country, mode: t.mode, outcome: t.outcome };
  finished.inc(labels);
  timeToOutcome.observe(labels, Math.max(0, (t.finishedAt.getTime() - t.createdAt.getTime()) / 1000));
}

/** `state` as the delivery job records it: delivered, pending (a retry is scheduled), failed, skipped. */
export function webhookAttempted(state: string, attemptNumber: number): void {
  if (!metricsEnabled()) return;
  const outcome = state === "pending" ? "retry" : state;
  webhookAttempts.inc({ outcome });
  if (state === "delivered" || state === "failed") webhookAttemptNumber.observe({ outcome }, attemptNumber);
}

export function operatorCalled(route: string, operation: string, outcome: string, seconds: number): void {
  if (!metricsEnabled()) return;
  operatorCalls.observe({ route, operation, outcome }, seconds);
}

export interface ObservedState {
  webhookBacklog: number;
  webhookOldestSeconds: number;
  workerLag: Record<string, number>;
  stuck: Array<{ type: string; mode: string; count: number }>;
}

export function setObservedState(s: ObservedState): void {
  webhookBacklog.set(s.webhookBacklog);
  webhookOldest.set(s.webhookOldestSeconds);
  for (const [job, lag] of Object.entries(s.workerLag)) workerLag.set({ job }, lag);
  stuckPending.reset();
  for (const row of s.stuck) stuckPending.set({ type: row.type, mode: row.mode }, row.count);
}

export function setLedgerCheck(problems: Record<string, number>, at: Date): void {
  let ok = 1;
  for (const [check, count] of Object.entries(problems)) {
    ledgerProblems.set({ check }, count);
    if (count !== 0) ok = 0;
  }
  ledgerOk.set(ok);
  ledgerCheckedAt.set(Math.floor(at.getTime() / 1000));
}
