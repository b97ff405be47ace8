import type { Database } from "../db/client";

/**
 * Reference data every database needs (the default fee schedule), inserted without
 * overwriting operator edits. Idempotent; run at every start and by tests.
 */
export async function seedReferenceData(_db: Database): Promise<void> {
  // The payments core adds the default fee schedule here.
}
