import { getTableColumns } from "drizzle-orm";
import { columnNames, decodeColumns, jsonInsert, jsonRows, type RawClient } from "../db/raw";
import { isUniqueViolation } from "../db/resilience";
import { idempotencyKeys, transactions, type Transaction } from "../db/schema";
import { newId } from "../ids";
import { IDEM_KEYS, IDEM_PRIMARY_KEY, KeyRace } from "./batch-idempotency";
import { answeredKeyRow, type IdempotencyScope } from "./idempotency";
import { insertCreatedEventsSql } from "./transitions";

/**
 * The one statement that creates a batch of payments (payin-batch.ts, payout-batch.ts):
 * data-modifying CTEs, the rows travelling as JSON. `t` inserts the transactions ($1, JSON
 * rows of `txKeys`), `ev` their "Created" timeline rows ($2), `ik` their Idempotency-Key
 * records (`$keys`; a key already stored fails the statement whole). `before`: CTEs ahead
 * of them (the payout's wallet UPDATE, `w`); `guard`: the condition every insert waits on
 * (`where exists (select 1 from w)`). Only `view`'s columns come back: parsing and decoding
 * all 35 (the request's metadata as JSON among them) cost more than the rest of a
 * payment's database work in the server. The text depends only on its inputs, so the
 * driver prepares it once.
 */
function creationStatement(opts: { txKeys: string[]; view: readonly string[]; keys: number; before?: string; guard?: string }): string {
  const signature = [opts.txKeys.join(","), opts.view.join(","), opts.keys, opts.before ?? "", opts.guard ?? ""].join("|");
  let text = statements.get(signature);
  if (!text) {
    const guard = opts.guard ? ` ${opts.guard}` : "";
    const returned = columnNames(transactions, [...opts.view]).map((c) => `t.${c}`).join(", ");
    text = `
      with ${opts.before ? `${opts.before},\n      ` : ""}t as (${jsonInsert(transactions, "transactions", opts.txKeys, 1)}${guard} returning *),
      ev as (
        ${insertCreatedEventsSql("json_to_recordset($2::json) as e(id text, transaction_id text) join t on t.id = e.transaction_id", "e.id")}),
      ik as (${jsonInsert(idempotencyKeys, "idempotency_keys", IDEM_KEYS, opts.keys)}${guard})
      select ${returned} from t`;
    if (statements.size < 100) statements.set(signature, text);
  }
  return text;
}

const statements = new Map<string, string>();

/** A payment of a batch: its row, its key, and the response its key stores (the view of the row). */
export interface CreationItem<V> {
  values: typeof transactions.$inferInsert & { id: string };
  idem: IdempotencyScope | null;
  responseOf(row: V): object;
}

/**
 * Writes `items` (all of them or nothing) with the creation statement; `params`: the
 * values of `before`'s CTEs, numbered from $3. Their rows as the view decodes them, by id;
 * null when the statement wrote nothing (`guard` false). Throws KeyRace when one of their
 * keys was recorded meanwhile (since the batch's look, or the request's replay check).
 */
export async function writeCreation<V>(
  q: RawClient,
  items: CreationItem<V>[],
  opts: { what: string; view: readonly string[]; before?: string; guard?: string; params?: unknown[] },
): Promise<Map<string, V> | null> {
  const txKeys = Object.keys(items[0].values);
  const params = opts.params ?? [];
  // The response stored with a key is the view of the row as it will be returned.
  const keyed = items.filter((i) => i.idem);
  const text = creationStatement({ txKeys, view: opts.view, keys: 3 + params.length, before: opts.before, guard: opts.guard });
  const rows = await q
    .query(text, [
      jsonRows(transactions, txKeys, items.map((i) => i.values)),
      JSON.stringify(items.map((i) => ({ id: newId("transactionEvent"), transaction_id: i.values.id }))),
      ...params,
      jsonRows(
        idempotencyKeys,
        IDEM_KEYS,
        keyed.map((i) => answeredKeyRow(i.idem!, i.responseOf(rowFromValues(i.values) as V))),
      ),
    ])
    .catch((err: unknown) => {
      // The statement failed whole on a key: decide again with it in view.
      throw isUniqueViolation(err, IDEM_PRIMARY_KEY) ? new KeyRace() : err;
    });
  if (!rows.length) return null;
  if (rows.length !== items.length) throw new Error(`${opts.what} wrote ${rows.length} of ${items.length}`);
  const byId = new Map(rows.map((r) => [r.id as string, decodeColumns<V>(transactions, r, opts.view)]));
  for (const i of keyed) {
    const stored = JSON.stringify(i.responseOf(rowFromValues(i.values) as V));
    if (stored !== JSON.stringify(i.responseOf(byId.get(i.values.id)!))) throw new Error(`${opts.what}: ${i.values.id}'s stored response differs from the row`);
  }
  return byId;
}

/**
 * The row the INSERT will return, from the values given (every column is given or
 * NULL; the database adds nothing), for the Idempotency-Key response written in the
 * same statement. Checked after the write: the stored and returned views are the same.
 */
export function rowFromValues(values: typeof transactions.$inferInsert): Transaction {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(transactions))) row[key] = (values as Record<string, unknown>)[key] ?? null;
  return row as unknown as Transaction;
}
