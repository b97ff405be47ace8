import { createApiKey } from "@/server/auth/api-keys";
import { authHeaders, type BenchContext, type ScenarioRow, type Under } from "../lib/context";
import type { Options } from "autocannon";
import { load } from "../lib/load";
import { benchMerchant } from "../lib/setup";
import { runStatusReadReference } from "./references";

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

/** `extra`: autocannon options on top (the request-log scenario's fixed rate). */
export async function runPayin(ctx: BenchContext, under: Under, extra: Partial<Options> = {}): Promise<{ row: ScenarioRow; merchantId: string }> {
  const { server, kind } = under;
  const m = await benchMerchant(ctx.db, { tag: `payin-${under.id}` });
  const { connections, warmup, duration } = ctx.opts;
  const opts = { url: `${server.url}/api/v1/merchant/payin`, method: "POST", headers: authHeaders(m.testApiKey, true), body: PAYIN_BODY, connections, ...extra };
  const warm = await load({ ...opts, duration: warmup });
  const measured = await load({ ...opts, duration }, server.child.pid);
  const [{ n }] = await ctx.db.sql<{ n: string }[]>`select count(*)::text as n from transactions where merchant_id = ${m.merchantId}`;
  const accepted = warm.requests - warm.non2xx + (measured.requests - measured.non2xx);
  return {
    merchantId: m.merchantId,
    row: {
      id: `payin-create-${under.id}`,
      title: `payin create (${under.label})`,
      server: kind,
      connections,
      load: measured,
      target: kind === "lean" ? { rps: 6000, p99Ms: 25 } : undefined,
      ceilings: ["bare", "pgPayinInsert", "pgPayinInsert64"],
      // Requests still in flight when autocannon stops are stored without being counted.
      checks: { responses200: accepted, rowsInDatabase: Number(n), everyAcceptedPayinStored: Number(n) >= accepted && Number(n) <= accepted + 2 * connections },
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
  if (under.id === "lean") {
    const ref = await runStatusReadReference(ctx, merchantId, ids);
    if (ref) rows.push(ref);
  }
  rows.unshift({
    id: `status-read-${under.id}`,
    title: `status read GET /merchant/transactions/{id} (${under.label})`,
    server: kind,
    connections: ctx.opts.connections,
    load: measured,
    ceilings: ["bare", "pgStatusRead"],
    figures: { distinctIds: ids.length },
  });
  return rows;
}
