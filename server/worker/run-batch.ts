import type { Database } from "../db/client";
import { logger } from "../logger";
import { jobs } from "./jobs";

export type BatchResult = Record<string, number>;

/** One batch of every job; a failing job is logged and does not stop the others. */
export async function runWorkerBatch(db: Database): Promise<BatchResult> {
  const result: BatchResult = {};
  for (const job of jobs) {
    try {
      result[job.name] = await job.run(db);
    } catch (err) {
      logger().error({ err, job: job.name }, "worker job failed");
      result[job.name] = -1;
    }
  }
  return result;
}
