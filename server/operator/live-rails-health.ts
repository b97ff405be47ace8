import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, transactions } from "../db/schema";
import { coverage } from "../catalog/coverage";
import { syncBreakers } from "../connectors/health";
import { routeStates, type PairDirectionState } from "../connectors/routes";

/**
 * The operator console's view of the live rails (D15, D19): for every pair of the catalog,
 * per direction, its routes in order with their configuration, breaker (shared by the
 * fleet), last errors, success rate and p95 latency of the last hour, and the route new
 * transactions take now (null: 503 Network unavailable); and the live transactions flagged
 * `needs_attention` (payout past its timeout with no final answer, payin the operator still
 * holds open past its expiry or whose submission was never acknowledged).
 */
export async function liveNetworksHealth() {
  await syncBreakers(true);
  const states = routeStates();
  const byPair = new Map<string, PairDirectionState[]>();
  for (const s of states) byPair.set(`${s.country}:${s.network}`, [...(byPair.get(`${s.country}:${s.network}`) ?? []), s]);
  return coverage.flatMap((country) =>
    country.networks.map((n) => {
      const own = byPair.get(`${country.code}:${n.id}`) ?? [];
      const direction = (d: "payin" | "payout") => {
        const s = own.find((x) => x.direction === d);
        return { current: s?.current ?? null, routes: s?.routes ?? [] };
      };
      return { countryCode: country.code, network: n.id, networkName: n.name, payin: direction("payin"), payout: direction("payout") };
    }),
  );
}

export async function transactionsNeedingAttention(db: Database, limit = 100) {
  return db
    .select({
      id: transactions.id,
      merchantName: merchants.name,
      type: transactions.type,
      status: transactions.status,
      countryCode: transactions.countryCode,
      network: transactions.network,
      connector: transactions.connector,
      route: transactions.route,
      connectorRef: transactions.connectorRef,
      operatorHandle: transactions.operatorHandle,
      amount: transactions.amount,
      currency: transactions.currency,
      createdAt: transactions.createdAt,
      lastOperatorError: transactions.lastOperatorError,
    })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(and(eq(transactions.needsAttention, true), eq(transactions.status, "pending")))
    .orderBy(desc(transactions.createdAt))
    .limit(limit);
}
