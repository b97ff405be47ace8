import type { Database } from "../db/client";
import { applyLifecycleBatch } from "../payments/lifecycle-job";
import { deliverWebhookBatch } from "../webhooks/delivery-job";

/**
 * The background jobs, run one after the other in each batch: the lifecycle processor
 * (connector outcomes, expiries) then webhook delivery. Each returns how many items it
 * handled; every job must be safe to run in several processes at once.
 */
export interface Job {
  name: string;
  run(db: Database): Promise<number>;
}

export const jobs: Job[] = [
  { name: "lifecycle", run: applyLifecycleBatch },
  { name: "webhooks", run: deliverWebhookBatch },
];
