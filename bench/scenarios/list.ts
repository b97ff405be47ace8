import { seedBulk } from "../../scripts/seed-bulk";
import { authHeaders, type BenchContext, type ScenarioRow } from "../lib/context";
import { load } from "../lib/load";
import type { Server } from "../lib/proc";
import { benchMerchant } from "../lib/setup";

/**
 * The dashboard's transactions list at scale: 1,000,000 rows for one merchant (seeded by
 * scripts/seed-bulk.ts), read through GET /api/v1/merchant/transactions, which calls the
 * same listTransactions() as the dashboard's tRPC procedure (the REST route is the fair
 * HTTP surface: no session cookie, same query). Four shapes: the first page, two
 * filtered pages (common and narrow filters), and a page deep in the list via its cursor.
 */
export async function runList(ctx: BenchContext, server: Server): Promise<ScenarioRow[]> {
  const m = await benchMerchant(ctx.db, { tag: "list" });
  const seeded = await seedBulk(
    { databaseUrl: ctx.db.url, merchant: m.merchantId, mode: "test", rows: ctx.opts.bulkRows, days: 90, chunk: 100_000 },
    (line) => process.stdout.write(`  ${line}\r`),
  );
  process.stdout.write("\n");
  // A cursor half way down the list, built the way the API builds it.
  const [deep] = await ctx.db.sql<{ micros: string; id: string }[]>`
    select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from transactions
     where merchant_id = ${m.merchantId} and mode = 'test'
     order by created_at desc nulls last, id desc nulls last offset ${Math.floor(ctx.opts.bulkRows / 2)} limit 1`;
  const cursor = Buffer.from(`${deep.micros}|${deep.id}`, "utf8").toString("base64url");
  const shapes: Array<[string, string, string]> = [
    ["first", "first page", "/api/v1/merchant/transactions?limit=20"],
    ["failed", "status=failed (10 % of rows)", "/api/v1/merchant/transactions?limit=20&status=failed"],
    ["narrow", "status=failed&type=payout&country_code=KE (0.5 % of rows)", "/api/v1/merchant/transactions?limit=20&status=failed&type=payout&country_code=KE"],
    ["deep", `cursor ${Math.floor(ctx.opts.bulkRows / 2).toLocaleString("en-US")} rows down`, `/api/v1/merchant/transactions?limit=20&cursor=${cursor}`],
  ];
  const rows: ScenarioRow[] = [];
  for (const [id, label, path] of shapes) {
    const check = await fetch(server.url + path, { headers: authHeaders(m.testApiKey) });
    // D20 (issue 23): `data` is the page's array itself.
    const body = (await check.json()) as { data?: unknown[] };
    const items = Array.isArray(body.data) ? body.data.length : 0;
    const opts = { url: server.url + path, headers: authHeaders(m.testApiKey), connections: ctx.opts.connections };
    await load({ ...opts, duration: ctx.opts.warmup });
    const measured = await load({ ...opts, duration: ctx.opts.duration }, server.child.pid);
    rows.push({
      id: `list-${id}-lean`,
      title: `transactions list, ${ctx.opts.bulkRows.toLocaleString("en-US")} rows: ${label}`,
      server: "lean",
      connections: ctx.opts.connections,
      load: measured,
      ceilings: ["bare"],
      // Every shape matches far more than a page (the narrowest: 0.5 % of the rows).
      checks: { status: check.status, itemsOnPage: items, ok: check.status === 200, pageFull: items === 20 },
      figures: { seededRows: seeded.rows, seedSeconds: Math.round(seeded.seconds) },
    });
  }
  return rows;
}
