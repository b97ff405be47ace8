import type { BenchContext, ScenarioRow } from "../lib/context";
import { load } from "../lib/load";
import { pgbench, pgbenchAvailable } from "../lib/pgbench";
import { startBare } from "../lib/proc";
import { benchMerchant } from "../lib/setup";

/**
 * The ceilings measured in the same run, on the same machine, at the same moment:
 * a bare node:http JSON server under autocannon (what any HTTP server here can do at
 * most), and pgbench running the SQL our requests run (what PostgreSQL can do at most).
 */
export async function runReferences(ctx: BenchContext, port: number): Promise<ScenarioRow[]> {
  const rows: ScenarioRow[] = [];
  const { duration, connections, warmup } = ctx.opts;

  const bare = await startBare(port);
  try {
    await load({ url: bare.url, connections, duration: warmup });
    ctx.refs.bare = await load({ url: bare.url, connections, duration }, bare.child.pid);
    rows.push({ id: "ref-bare-http", title: "bare node:http JSON (reference)", server: "bare", connections, load: ctx.refs.bare });
  } finally {
    await bare.stop();
  }

  if (!(await pgbenchAvailable())) {
    rows.push({ id: "ref-pgbench", title: "pgbench (not installed: no database ceilings)", server: "pgbench", connections: 0 });
    return rows;
  }
  const m = await benchMerchant(ctx.db, { tag: "pgbench", fund: { currency: "KES", amount: 10n ** 15n } });
  const vars = { merchant: m.merchantId, wallet: m.walletId! };
  const seconds = Math.max(5, duration);
  ctx.refs.pgPayinInsert = await pgbench({ url: ctx.db.url, script: "payin-insert.sql", clients: 16, seconds, vars });
  rows.push({ id: "ref-pg-payin-insert-16", title: "pgbench: payin INSERT, 16 clients", server: "pgbench", connections: 16, pgbench: ctx.refs.pgPayinInsert });
  ctx.refs.pgPayinInsert64 = await pgbench({ url: ctx.db.url, script: "payin-insert.sql", clients: 64, seconds, vars });
  rows.push({ id: "ref-pg-payin-insert-64", title: "pgbench: payin INSERT, 64 clients", server: "pgbench", connections: 64, pgbench: ctx.refs.pgPayinInsert64 });
  ctx.refs.pgPayoutHot = await pgbench({ url: ctx.db.url, script: "payout-hot.sql", clients: 16, seconds, vars });
  rows.push({
    id: "ref-pg-payout-hot-wallet",
    title: "pgbench: hot-wallet payout tx (UPDATE 1 row + 3 INSERTs), 16 clients",
    server: "pgbench",
    connections: 16,
    pgbench: ctx.refs.pgPayoutHot,
  });
  // The pgbench rows are not the scenarios' data: out of the way before the scenarios run.
  await ctx.db.sql`delete from transaction_events where transaction_id in (select id from transactions where merchant_id = ${m.merchantId})`;
  await ctx.db.sql`delete from transactions where merchant_id = ${m.merchantId}`;
  return rows;
}

/** pgbench's ceiling for a status read, once payins exist to read (bench_ids numbers them). */
export async function runStatusReadReference(ctx: BenchContext, merchantId: string, ids: string[]): Promise<ScenarioRow | null> {
  if (!(await prepareStatusReadIds(ctx, ids))) return null;
  ctx.refs.pgStatusRead = await pgStatusRead(ctx, merchantId, ids.length, Math.max(5, ctx.opts.duration));
  return { id: "ref-pg-status-read", title: "pgbench: status read by id, 16 clients", server: "pgbench", connections: 16, pgbench: ctx.refs.pgStatusRead };
}

/**
 * Numbers `ids` in bench_ids for pgbench's read (status-read.sql), with fresh statistics;
 * false without pgbench. Each entry's status read numbers its own merchant's payins.
 */
export async function prepareStatusReadIds(ctx: BenchContext, ids: string[]): Promise<boolean> {
  if (!(await pgbenchAvailable()) || ids.length === 0) return false;
  await ctx.db.sql`create table if not exists bench_ids (n int primary key, id text not null)`;
  await ctx.db.sql`truncate bench_ids`;
  const rows = ids.map((id, i) => ({ n: i + 1, id }));
  for (let i = 0; i < rows.length; i += 5000) await ctx.db.sql`insert into bench_ids ${ctx.db.sql(rows.slice(i, i + 5000))}`;
  await ctx.db.sql`analyze bench_ids`;
  // The reference pgbench payin INSERTs were deleted (dead rows) and the table may never have
  // been analyzed: without this the planner could scan it for every read (334 tx/s measured
  // against 28,908 with fresh statistics), a ceiling of the table's state, not of PostgreSQL.
  await ctx.db.sql`vacuum analyze transactions`;
  return true;
}

/** pgbench's status read by id over the ids prepareStatusReadIds numbered in bench_ids. */
export function pgStatusRead(ctx: BenchContext, merchantId: string, idCount: number, seconds: number) {
  return pgbench({ url: ctx.db.url, script: "status-read.sql", clients: 16, seconds, vars: { merchant: merchantId, ids: String(idCount) } });
}
