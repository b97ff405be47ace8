/**
 * `node bench/request-log-rows.mjs [batches]` (issue 23): what one request-log row costs
 * PostgreSQL, by write path and index set, on a scratch database (BENCH_DATABASE_URL or the
 * local server): 500-row batches of payin-shaped entries, the backend's CPU time (/proc) per
 * row. Run it under `flock /tmp/bench.lock` like the other benchmarks.
 */
import postgres from "postgres";
import { CopyBinaryWriter } from "../server/request-logs/copy-binary.mjs";
import { BINARY_TYPES as BINARY, COLUMNS } from "../server/request-logs/log-batch.mjs";
const admin = postgres(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
const name = "rl_micro_" + process.pid;
await admin.unsafe(`create database ${name}`);
const sql = postgres(Object.assign(new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"), { pathname: `/${name}` }).toString(), { max: 1, onnotice: () => {} });
await sql.unsafe(`create type mode as enum('test','live');
CREATE TABLE request_logs (id text PRIMARY KEY, merchant_id text NOT NULL, mode mode NOT NULL, api_key_id text NOT NULL, method text NOT NULL, path text NOT NULL, query text DEFAULT '' NOT NULL, status integer NOT NULL, duration_ms real NOT NULL, request_id text NOT NULL, idempotency_key text, client_address text, request_body text, response_body text, transaction_id text, created_at timestamptz DEFAULT now() NOT NULL);
CREATE INDEX request_logs_merchant_idx ON request_logs (merchant_id, mode, id);
CREATE INDEX request_logs_transaction_idx ON request_logs (transaction_id) WHERE transaction_id is not null;`);
const req = JSON.stringify({ amount: 1000, currency: "KES", order_id: "bench-payin", metadata: { network: "safaricom", phone_number: "+254712341234", country_code: "KE" } });
let seq = 0;
const ulid = () => (Date.now().toString(36).padStart(10, "0") + (seq++).toString(36).padStart(16, "0")).toUpperCase();
function row() {
  const tx = "pi_" + ulid();
  const res = JSON.stringify({ data: { transaction_id: tx, status: "pending", amount: 1000, currency: "KES", fee: 15, net_amount: 985, order_id: "bench-payin", network: "safaricom", phone_number: "+254712341234", country_code: "KE", mode: "test", created_at: new Date().toISOString(), metadata: {} }, request_id: "req_" + ulid() });
  return { id: "rl_" + ulid(), merchant_id: "mer_01ABCDEFGHJKMNPQRSTVWXYZ00", mode: "test", api_key_id: "key_01ABCDEFGHJKMNPQRSTVWXYZ0", method: "POST", path: "/api/v1/merchant/payin", query: "", status: 201, duration_ms: 3.2, request_id: "req_" + ulid(), idempotency_key: "idem-" + seq, client_address: "127.0.0.1", request_body: req, response_body: res, transaction_id: tx, created_at: new Date().toISOString() };
}
const cols = [...COLUMNS];
const esc = (v) => v === null || v === undefined ? "\\N" : String(v).replace(/[\\\n\r\t]/g, (c) => c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t");
async function viaJson(rows) {
  await sql.unsafe(`insert into request_logs (${cols}) select id, merchant_id, mode::mode, api_key_id, method, path, query, status, duration_ms, request_id, idempotency_key, client_address, request_body, response_body, transaction_id, created_at from json_to_recordset($1::json) as v(id text, merchant_id text, mode text, api_key_id text, method text, path text, query text, status int, duration_ms real, request_id text, idempotency_key text, client_address text, request_body text, response_body text, transaction_id text, created_at timestamptz)`, [rows]);
}
async function viaCopy(rows) {
  const text = rows.map((r) => cols.map((c) => esc(r[c])).join("\t")).join("\n") + "\n";
  const w = await sql.unsafe(`copy request_logs (${cols}) from stdin`).writable();
  await new Promise((res, rej) => { w.on("error", rej); w.on("finish", res); w.end(text); });
}
async function viaBinary(rows) {
  const out = new CopyBinaryWriter(rows.length * 1024);
  for (const r of rows) {
    out.row(cols.length);
    cols.forEach((c, i) => (BINARY[i] === "text" ? out.text(r[c]) : BINARY[i] === "int4" ? out.int4(r[c]) : BINARY[i] === "float4" ? out.float4(r[c]) : out.timestamptz(Date.parse(r[c]))));
  }
  const w = await sql.unsafe(`copy request_logs (${cols}) from stdin with (format binary)`).writable();
  await new Promise((res, rej) => { w.on("error", rej); w.on("finish", res); w.end(out.finish()); });
}
async function backendCpu() {
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const fs = await import("node:fs");
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8"); const x = f.slice(f.lastIndexOf(")") + 2).split(" ");
  return (Number(x[11]) + Number(x[12])) / 100;
}
const BATCHES = Number(process.argv[2] ?? 40), SIZE = 500;
for (const [label, fn, idx] of [["json", viaJson, "3"], ["copy", viaCopy, "3"], ["bin", viaBinary, "3"], ["copy", viaCopy, "3"], ["bin", viaBinary, "3"], ["json", viaJson, "pk-only"], ["copy", viaCopy, "pk+merchant"], ["copy", viaCopy, "brin+merchant"], ["copy", viaCopy, "none"]]) {
  await sql.unsafe("truncate request_logs");
  if (idx === "pk-only") await sql.unsafe("drop index if exists request_logs_merchant_idx; drop index if exists request_logs_transaction_idx");
  if (idx === "pk+merchant") await sql.unsafe("create index if not exists request_logs_merchant_idx ON request_logs (merchant_id, mode, id)");
  if (idx === "brin+merchant") await sql.unsafe("alter table request_logs drop constraint request_logs_pkey; create index rl_brin on request_logs using brin (id)");
  if (idx === "none") await sql.unsafe("drop index request_logs_merchant_idx; drop index rl_brin");
  const batches = Array.from({ length: BATCHES }, () => Array.from({ length: SIZE }, row));
  for (const b of batches.slice(0, 4)) await fn(b);
  const c0 = await backendCpu(); const t0 = performance.now(); const u0 = process.cpuUsage();
  for (const b of batches.slice(4)) await fn(b);
  const ms = performance.now() - t0; const c1 = await backendCpu(); const u = process.cpuUsage(u0);
  const n = (BATCHES - 4) * SIZE;
  console.log(`${label.padEnd(5)} idx=${idx.padEnd(14)} wall ${(ms * 1000 / n).toFixed(1)} µs/row, pg cpu ${((c1 - c0) * 1e6 / n).toFixed(1)} µs/row, node cpu ${((u.user + u.system) / n).toFixed(1)} µs/row`);
}
await sql.end(); await admin.unsafe(`drop database ${name}`); await admin.end();
