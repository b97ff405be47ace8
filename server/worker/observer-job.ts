import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { env } from "../env";
import { checkLedger } from "../ledger/invariants";
import { setLedgerCheck, setObservedState, metricsEnabled } from "../observability/metrics";
import { effectiveAvailability } from "../status/overview";
import { recordSample } from "../status/samples";

/**
 * The observer (issue 25): every OBSERVER_INTERVAL_SECONDS it refreshes the database-wide
 * gauges (webhook backlog and oldest pending age, worker lag per job, stuck pending
 * transactions) and takes the status page's availability sample; every
 * LEDGER_CHECK_INTERVAL_SECONDS it re-checks the ledger invariants (sika_ledger_invariant_ok).
 * The loop calls it every WORKER_INTERVAL_MS; it returns 0 (no "work") so it never spins.
 */

let lastObserved = 0;
let lastLedger = 0;

type Row = Record<string, unknown>;
async function rows(db: Database, q: ReturnType<typeof sql>): Promise<Row[]> {
  const r = (await db.execute(q)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(r) ? r : r.rows;
}

async function observeQueues(db: Database, now: Date): Promise<void> {
  const at = now.toISOString();
  const [w] = await rows(
    db,
    sql`select count(*)::int as backlog,
               coalesce(extract(epoch from (${at}::timestamptz - min(created_at))), 0)::float8 as oldest,
               coalesce(extract(epoch from (${at}::timestamptz - min(next_attempt_at) filter (where next_attempt_at <= ${at}::timestamptz))), 0)::float8 as lag
        from webhook_events where state = 'pending'`,
  );
  const [l] = await rows(
    db,
    sql`select coalesce(extract(epoch from (${at}::timestamptz - min(next_check_at))), 0)::float8 as lag
        from transactions where status = 'pending' and next_check_at <= ${at}::timestamptz`,
  );
  const stuck = await rows(
    db,
    sql`select type::text as type, mode::text as mode, count(*)::int as n from transactions
        where status = 'pending' and (needs_attention or expires_at < ${at}::timestamptz - interval '5 minutes')
        group by type, mode`,
  );
  setObservedState({
    webhookBacklog: Number(w?.backlog ?? 0),
    webhookOldestSeconds: Math.max(0, Number(w?.oldest ?? 0)),
    workerLag: { webhooks: Math.max(0, Number(w?.lag ?? 0)), lifecycle: Math.max(0, Number(l?.lag ?? 0)) },
    stuck: stuck.map((r) => ({ type: String(r.type), mode: String(r.mode), count: Number(r.n) })),
  });
}

export async function runObserver(db: Database, now = new Date(), force = false): Promise<number> {
  const e = env();
  const t = now.getTime();
  if (force || t - lastObserved >= e.OBSERVER_INTERVAL_SECONDS * 1000) {
    lastObserved = t;
    const { pairs } = await effectiveAvailability(db, now);
    await recordSample(db, pairs, now);
    if (metricsEnabled()) await observeQueues(db, now);
  }
  if (metricsEnabled() && (force || t - lastLedger >= e.LEDGER_CHECK_INTERVAL_SECONDS * 1000)) {
    lastLedger = t;
    const c = await checkLedger(db);
    setLedgerCheck({ sum_nonzero: c.total === 0n ? 0 : 1, unbalanced_transfers: c.unbalancedTransfers, wallet_mismatches: c.walletMismatches, negative_wallets: c.negativeWallets }, now);
  }
  return 0;
}


