import type { Database } from "../db/client";

/** Delivers due webhook events (filled in by the webhooks work). */
export async function deliverWebhookBatch(_db: Database): Promise<number> {
  return 0;
}
