import type { Database } from "../db/client";

/** Applies due connector outcomes and expiries (filled in by the payments core). */
export async function applyLifecycleBatch(_db: Database): Promise<number> {
  return 0;
}
