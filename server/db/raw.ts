import { createHash } from "node:crypto";
import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";
import type { DbOrTx } from "./client";

/**
 * Hand-written SQL for the few hot statements (payin creation, the fee lookup), run on
 * the driver itself. drizzle rebuilds a statement's text on every call: measured 240 µs
 * for the 30-column transactions INSERT and 90 µs for the fee SELECT, more than the
 * database spends on them. Here the text is a constant (postgres-js prepares it once
 * per connection), values go through the columns' own drizzle encoders, and rows come
 * back through their decoders, so callers get exactly what drizzle would return.
 *
 * Only on a Database (not inside a drizzle transaction: `rawClient` answers null there
 * and callers use their drizzle path).
 */
type Row = Record<string, unknown>;

interface PostgresJsClient {
  unsafe(text: string, params: unknown[], opts: { prepare: boolean }): Promise<Row[]>;
  begin<T>(fn: (sql: PostgresJsClient) => Promise<T>): Promise<T>;
}
interface PgliteClient {
  query(text: string, params: unknown[], opts: object): Promise<{ rows: Row[] }>;
  transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T>;
}

export interface RawClient {
  query(text: string, params: unknown[]): Promise<Row[]>;
  /**
   * `fn` in one database transaction (COMMIT when it resolves, ROLLBACK when it throws).
   * `statementTimeoutMs`: SET LOCAL statement_timeout for its statements (a wait on a row
   * lock ends in time for the request's deadline); on node-postgres sent with the BEGIN,
   * in one round trip instead of two.
   */
  transaction<T>(fn: (q: RawClient) => Promise<T>, opts?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  statementTimeoutMs?: number;
}

/** The SET LOCAL of `opts` (a whole number of ms, at least 1), or null. */
function setLocalTimeout(opts?: TransactionOptions): string | null {
  const ms = opts?.statementTimeoutMs;
  if (ms === undefined || !Number.isFinite(ms)) return null;
  return `set local statement_timeout = ${Math.max(1, Math.floor(ms))}`;
}

/** For the drivers whose BEGIN cannot carry it: the SET LOCAL as the transaction's first statement. */
async function withTimeout<T>(q: RawClient, opts: TransactionOptions | undefined, fn: (q: RawClient) => Promise<T>): Promise<T> {
  const set = setLocalTimeout(opts);
  if (set) await q.query(set, []);
  return fn(q);
}

// The raw forms drizzle's PGlite session asks for (dates and intervals as text; its
// column decoders expect them so).
const PGLITE_RAW = {
  rowMode: "object",
  parsers: Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (v: unknown) => v])),
};

/** node-postgres (`pg`, DB_DRIVER=pg): a Pool, or a client checked out of it. */
interface PgQueryable {
  query(config: { name?: string; text: string; values: unknown[]; types: object }): Promise<{ rows: Row[] }>;
}
interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(err?: Error | boolean): void }>;
  totalCount: number;
}

// As drizzle's node-postgres session: dates and intervals as text, for the column decoders.
const PG_RAW_TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].includes(oid) ? (v: unknown) => v : pgTypesNow()!.getTypeParser(oid, format as never),
};
type PgTypes = { getTypeParser(oid: number, format?: never): (v: string) => unknown };
// On globalThis, not in a module variable: Next bundles each route with its own copy of this
// module, and the pool is opened (and the registry handed over) by whichever copy came first.
const PG_TYPES = Symbol.for("sika.pgTypes");
const typesSlot = globalThis as unknown as { [PG_TYPES]?: PgTypes };
const pgTypesNow = (): PgTypes | undefined => typesSlot[PG_TYPES];
// A prepared statement's name is a hash of its text, not a counter: the lean handlers and
// Next's route bundles (each with its own copy of this module) share one pool in `npm start`,
// and pg refuses one name for two different texts on a connection.
const pgNames = new Map<string, string>();
const pgName = (text: string) => {
  let name = pgNames.get(text);
  if (!name) pgNames.set(text, (name = `sika_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`));
  return name;
};

const cache = new WeakMap<object, RawClient | null>();

function postgresJs(c: PostgresJsClient): RawClient {
  return {
    query: (text, params) => c.unsafe(text, params, { prepare: true }),
    transaction: (fn, opts) => c.begin((sql) => withTimeout(postgresJs(sql), opts, fn)),
  };
}

function nodePg(q: PgQueryable, pool?: PgPool): RawClient {
  return {
    query: async (text, params) => (await q.query({ name: pgName(text), text, values: params, types: PG_RAW_TYPES })).rows,
    transaction: async (fn, opts) => {
      if (!pool) throw new Error("nested raw transaction");
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // No values: a simple query, which may hold two statements (one round trip).
        const set = setLocalTimeout(opts);
        await client.query({ text: set ? `begin; ${set}` : "begin", values: [], types: PG_RAW_TYPES });
        const result = await fn(nodePg(client));
        await client.query({ text: "commit", values: [], types: PG_RAW_TYPES });
        return result;
      } catch (err) {
        await client.query({ text: "rollback", values: [], types: PG_RAW_TYPES }).catch((e: Error) => (broken = e));
        throw err;
      } finally {
        // A client whose ROLLBACK failed is not given back to the pool (its connection is gone).
        client.release(broken ?? false);
      }
    },
  };
}

function pglite(c: PgliteClient): RawClient {
  return {
    query: async (text, params) => (await c.query(text, params, PGLITE_RAW)).rows,
    transaction: (fn, opts) => c.transaction((tx) => withTimeout(pglite(tx), opts, fn)),
  };
}

/** postgres-drivers.ts hands over pg's type registry when it opens a node-postgres pool. */
export function registerPgTypes(types: PgTypes): void {
  typesSlot[PG_TYPES] = types;
}

export function rawClient(db: DbOrTx): RawClient | null {
  const hit = cache.get(db);
  if (hit !== undefined) return hit;
  const client = (db as unknown as { $client?: unknown }).$client as Partial<PostgresJsClient & PgliteClient> | undefined;
  let raw: RawClient | null = null;
  // drizzle's postgres-js driver already made this client hand timestamps over as text.
  if (client && typeof client.unsafe === "function" && typeof client.begin === "function") raw = postgresJs(client as PostgresJsClient);
  else if (client && typeof client.query === "function" && "waitReady" in client) raw = pglite(client as PgliteClient);
  else if (client && typeof (client as Partial<PgPool>).connect === "function" && "totalCount" in client && pgTypesNow()) raw = nodePg(client as unknown as PgPool, client as unknown as PgPool);
  cache.set(db, raw);
  return raw;
}

/**
 * One statement text ($1, $2, … placeholders) for both paths: on the driver when `db` has a
 * raw client (prepared once), else (inside a drizzle transaction) through drizzle with the
 * same text and values. Rows come back as the driver gives them (decodeRow turns them into
 * drizzle's).
 */
export async function queryText(db: DbOrTx, text: string, params: unknown[]): Promise<Row[]> {
  const raw = rawClient(db);
  if (raw) return raw.query(text, params);
  const chunks: SQL[] = [];
  text.split(/\$(\d+)/).forEach((part, i) => chunks.push(i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
  const result = (await db.execute(sql.join(chunks))) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

interface Column {
  name: string;
  getSQLType(): string;
  mapToDriverValue(v: unknown): unknown;
  mapFromDriverValue(v: unknown): unknown;
}

interface Columns {
  list: Array<[string, Column]>;
  byKey: Map<string, Column>;
}
const columnCache = new WeakMap<Table, Columns>();

function columnsOf(table: Table): Columns {
  let cols = columnCache.get(table);
  if (!cols) {
    const list = Object.entries(getTableColumns(table)) as unknown as Array<[string, Column]>;
    cols = { list, byKey: new Map(list) };
    columnCache.set(table, cols);
  }
  return cols;
}

function column(table: Table, key: string): Column {
  const col = columnsOf(table).byKey.get(key);
  if (!col) throw new Error(`no column ${key}`);
  return col;
}

/** Driver values for `columns` (JS keys of `table`), in that order; undefined/null -> NULL. */
export function encodeValues(table: Table, columns: string[], values: Record<string, unknown>): unknown[] {
  return columns.map((key) => {
    const v = values[key];
    return v === undefined || v === null ? null : column(table, key).mapToDriverValue(v);
  });
}

/** The SQL column names of `columns` (JS keys of `table`), quoted. */
export function columnNames(table: Table, columns: string[]): string[] {
  return columns.map((key) => `"${column(table, key).name}"`);
}

/** A raw row (SQL column names) -> the table's row as drizzle returns it. */
export function decodeRow<T>(table: Table, raw: Row): T {
  const out: Row = {};
  for (const [key, col] of columnsOf(table).list) {
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}

/** Like decodeRow, for a statement that returned only `keys` (JS keys of `table`). */
export function decodeColumns<T>(table: Table, raw: Row, keys: readonly string[]): T {
  const out: Row = {};
  for (const key of keys) {
    const col = column(table, key);
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}

/**
 * Many rows in one parameter: `insert into t (cols) select cols from json_to_recordset($n::json)
 * as x(col type, …)`. Columns left out get their defaults (created_at = now(), as drizzle's
 * inserts did); the statement text depends only on the table and the keys, so the driver
 * prepares it once.
 */
export function jsonInsert(table: Table, tableName: string, keys: string[], param: number): string {
  const cols = keys.map((k) => column(table, k));
  const names = cols.map((c) => `"${c.name}"`).join(", ");
  const defs = cols.map((c) => `"${c.name}" ${c.getSQLType()}`).join(", ");
  return `insert into ${tableName} (${names}) select ${names} from json_to_recordset($${param}::json) as x(${defs})`;
}

interface RowEncoder {
  key: string;
  name: string;
  col: Column;
  json: boolean;
}
const encoders = new WeakMap<Table, Map<string, RowEncoder[]>>();

/** Per table and key list, once: drizzle's getSQLType() builds a new string on every call. */
function rowEncoders(table: Table, keys: string[]): RowEncoder[] {
  let forTable = encoders.get(table);
  if (!forTable) encoders.set(table, (forTable = new Map()));
  const signature = keys.join(",");
  let list = forTable.get(signature);
  if (!list) {
    list = keys.map((key) => {
      const col = column(table, key);
      const type = col.getSQLType();
      return { key, name: col.name, col, json: type === "jsonb" || type === "json" };
    });
    if (forTable.size < 100) forTable.set(signature, list);
  }
  return list;
}

/** The JSON text of rows for jsonInsert: each value through its column's encoder (json columns as they are). */
export function jsonRows(table: Table, keys: string[], rows: Array<Record<string, unknown>>): string {
  const cols = rowEncoders(table, keys);
  return JSON.stringify(
    rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const { key, name, col, json } of cols) {
        const v = r[key];
        if (v === undefined || v === null) out[name] = null;
        else if (json) out[name] = v;
        else {
          const driver = col.mapToDriverValue(v);
          out[name] = typeof driver === "bigint" ? driver.toString() : driver;
        }
      }
      return out;
    }),
  );
}
