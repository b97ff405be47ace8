import type { Database } from "../db/client";
import { columnNames, decodeRow, encodeValues, rawClient } from "../db/raw";
import { transactions, type Transaction } from "../db/schema";
import { newId } from "../ids";

/**
 * A new transaction and its first timeline row (`recordCreated`: pending, "Created", at
 * the transaction's created_at) in ONE statement: data-modifying CTEs commit together,
 * so it is as atomic as the BEGIN / INSERT / INSERT / COMMIT it replaces, in one round
 * trip, with a constant text the driver prepares once (see db/raw.ts for why drizzle
 * is bypassed here). Returns the row as drizzle's `insert().returning()` would, or null
 * when this database handle has no raw client (the caller then takes its drizzle path).
 */
const statements = new Map<string, string>();

function statementFor(keys: string[]): string {
  const signature = keys.join(",");
  let text = statements.get(signature);
  if (!text) {
    const placeholders = keys.map((_, i) => `$${i + 1}`).join(", ");
    text = `with t as (
      insert into transactions (${columnNames(transactions, keys).join(", ")}) values (${placeholders}) returning *
    ), e as (
      insert into transaction_events (id, transaction_id, from_status, to_status, reason, created_at)
      select $${keys.length + 1}, t.id, null, 'pending', 'Created', t.created_at from t
    )
    select * from t`;
    statements.set(signature, text);
  }
  return text;
}

export async function insertWithCreatedEvent(db: Database, values: typeof transactions.$inferInsert): Promise<Transaction | null> {
  const raw = rawClient(db);
  if (!raw) return null;
  const keys = Object.keys(values);
  const params = [...encodeValues(transactions, keys, values as Record<string, unknown>), newId("transactionEvent")];
  const [row] = await raw.query(statementFor(keys), params);
  return decodeRow<Transaction>(transactions, row);
}
