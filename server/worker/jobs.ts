import type { Database } from "../db/client";
import { applyLifecycleBatch, nextLifecycleDueAt } from "../payments/lifecycle-job";
import { deliverWebhookBatch } from "../webhooks/delivery-job";
import { retentionJob } from "../request-logs/retention";
import { runObserver } from "./observer-job";
import { runDueSettlementSchedules } from "../settlements/schedule";

/**
 * The background jobs, run one after the other in each batch: the lifecycle processor
 * (connector outcomes, expiries) then webhook delivery. Each returns how many items it
 * handled; every job must be safe to run in several processes at once.
 */
export interface Job {
  name: string;
  run(db: Database): Promise<number>;
  /**
   * When its next item falls due, if known: an idle loop sleeps until then rather than a
   * whole WORKER_INTERVAL_MS (a sandbox outcome due 300 ms after creation lands at 300 ms).
   */
  nextDueAt?(db: Database): Promise<Date | null>;
}

export const jobs: Job[] = [
  { name: "lifecycle", run: applyLifecycleBatch, nextDueAt: nextLifecycleDueAt },
  { name: "webhooks", run: deliverWebhookBatch },
  // Issue 23: request logs and events older than 30 days (whole days), every 10 minutes.
  { name: "retention", run: retentionJob },
  // Issue 25: gauges, ledger check and status page samples (paces itself).
  { name: "observer", run: (db) => runObserver(db) },
  // Issue 21: automatic settlements to the bank (daily/weekly above a threshold).
  { name: "settlements", run: (db) => runDueSettlementSchedules(db) },
];
