import type { Database } from "../db/client";
import { seedDefaultFeeRules } from "../fees/schedule";

/**
 * Reference data every database needs (the default fee schedule), inserted without
 * overwriting operator edits. Idempotent; run at every start and by tests.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await seedDefaultFeeRules(db);
}
