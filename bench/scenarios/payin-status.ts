import { createApiKey } from "@/server/auth/api-keys";
import { authHeaders, type BenchContext, type ScenarioRow, type Under } from "../lib/context";
import type { Options } from "autocannon";
import { load, type LoadOptions } from "../lib/load";
import { benchMerchant } from "../lib/setup";
import { pgStatusRead, prepareStatusReadIds, runStatusReadReference } from "./references";

/**
 * Payin creation (test mode, KE safaricom: no authorization step; the sandbox outcome
 * is an hour away, so only creation is measured) and the status read of the payins it
 * created. Both against `server` (the lean entry, or Next.js for comparison).
 */
export const PAYIN_BODY = JSON.stringify({
  amount: 1000,
  currency: "KES",
  order_id: "bench-payin",
  metadata: { network: "safaricom", phone_number: "+254712341234", country_code: "KE" },
});

/**
 * `extra`: autocannon options on top (the request-log scenario's fixed rate). `keyed`: an
 * Idempotency-Key of its own on every request, as integrators send them (the key's look
 * and record are part of each creation).
 */
export async function runPayin(ctx: BenchContext, under: Under, extra: Partial<Options> = {}, keyed = false): Promise<{ row: ScenarioRow; merchantId: string }> {
  const { server, kind } = under;
  const m = await benchMerchant(ctx.db, { tag: `payin-${keyed ? "keyed-" : ""}${under.id}` });
  const { connections, warmup, duration } = ctx.opts;
  const opts = { url: `${server.url}/api/v1/merchant/payin`, method: "POST", headers: authHeaders(m.testApiKey, true), body: PAYIN_BODY, connections, ...(keyed ? { uniqueHeader: "Idempotency-Key" } : {}), ...extra };
  const warm = await load({ ...opts, duration: warmup });
  const measured = await load({ ...opts, duration }, server.child.pid);
  const [{ n, keys }] = await ctx.db.sql<{ n: string; keys: string }[]>`
    select (select count(*) from transactions where merchant_id = ${m.merchantId})::text as n,
           (select count(*) from idempotency_keys where merchant_id = ${m.merchantId})::text as keys`;
  const accepted = warm.requests - warm.non2xx + (measured.requests - measured.non2xx);
  return {
    merchantId: m.merchantId,
    row: {
      id: `payin-create-${keyed ? "keyed-" : ""}${under.id}`,
      title: `payin create${keyed ? ", an Idempotency-Key each" : ""} (${under.label})`,
      server: kind,
      connections,
      load: measured,
      target: kind === "lean" && !keyed ? { rps: 6000, p99Ms: 25 } : undefined,
      ceilings: ["bare", "pgPayinInsert", "pgPayinInsert64"],
      // Requests still in flight when the load generator stops are stored without being counted.
      checks: {
        responses200: accepted,
        rowsInDatabase: Number(n),
        everyAcceptedPayinStored: Number(n) >= accepted && Number(n) <= accepted + 2 * connections,
        ...(keyed ? { keysStored: Number(keys), oneKeyPerPayin: Number(keys) === Number(n) } : {}),
      },
    },
  };
}

export async function runStatus(ctx: BenchContext, under: Under, merchantId: string): Promise<ScenarioRow[]> {
  const { server, kind } = under;
  const ids = (await ctx.db.sql<{ id: string }[]>`select id from transactions where merchant_id = ${merchantId} order by id limit 20000`).map((r) => r.id);
  if (!ids.length) return [];
  // The plaintext key is not stored: a fresh one for this merchant.
  const apiKey = (await createApiKey(ctx.db.handle.db, { merchantId, mode: "test", name: "bench status" })).key;
  const opts = {
    url: server.url,
    connections: ctx.opts.connections,
    headers: authHeaders(apiKey),
    paths: ids.map((id) => `/api/v1/merchant/transactions/${id}`),
  };
  await load({ ...opts, duration: ctx.opts.warmup });
  const measured = await load({ ...opts, duration: ctx.opts.duration }, server.child.pid);
  const rows: ScenarioRow[] = [];
  let paired: Record<string, number | string> = {};
  if (under.id === "lean") {
    const ref = await runStatusReadReference(ctx, merchantId, ids);
    if (ref) {
      rows.push(ref);
      paired = await pairedWindows(ctx, opts, server, merchantId, ids.length);
    }
  } else if (ctx.refs.pgStatusRead && (await prepareStatusReadIds(ctx, ids))) {
    // The other entries (API_WORKERS=2, `npm start`) run late in a full run, minutes after
    // the single pgbench read above: their ratio is judged from their own alternating windows too.
    paired = await pairedWindows(ctx, opts, server, merchantId, ids.length);
  }
  rows.unshift({
    id: `status-read-${under.id}`,
    title: `status read GET /merchant/transactions/{id} (${under.label})`,
    server: kind,
    connections: ctx.opts.connections,
    load: measured,
    ceilings: ["bare", "pgStatusRead"],
    figures: { distinctIds: ids.length, ...paired },
  });
  return rows;
}

/**
 * The status read against its ceiling in alternating windows: pgbench's read by id, then
 * the HTTP read, `pairs` times, one ratio per pair, and their median. The host's speed
 * drifts (on the 2-core bench machine wrk's own CPU per request moved by a third between
 * minutes, 2026-11-30), so a ratio of two windows taken minutes apart swings with it;
 * windows seconds apart see the same machine. The single-shot ratio stays beside it.
 */
async function pairedWindows(ctx: BenchContext, opts: LoadOptions, server: Under["server"], merchantId: string, idCount: number): Promise<Record<string, number | string>> {
  const pairs = ctx.opts.smoke ? 1 : 3;
  const seconds = ctx.opts.smoke ? 2 : 5;
  const ratios: number[] = [];
  const windows: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const pg = await pgStatusRead(ctx, merchantId, idCount, seconds);
    const http = await load({ ...opts, duration: seconds }, server.child.pid);
    if (pg.tps > 0) ratios.push(Math.round((100 * http.rps) / pg.tps) / 100);
    windows.push(`${Math.round(http.rps)}/${pg.tps}`);
  }
  if (!ratios.length) return {};
  const sorted = [...ratios].sort((a, b) => a - b);
  return { pairedRatios: ratios.join(" "), pairedWindows: windows.join(" "), pairedRatioMedian: sorted[Math.floor(sorted.length / 2)] };
}
