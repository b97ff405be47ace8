import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, transactions } from "../db/schema";
import { coverage } from "../catalog/coverage";
import { healthKey, healthOf } from "../connectors/health";
import { operatorForNetwork } from "../connectors/index";
import { liveAvailability } from "../connectors/registry";

/**
 * The operator console's view of the live rails (D15): per network and country that an
 * operator API serves, whether live payins / payouts are available (configuration +
 * circuit breaker, this process's view), the breaker's state and last errors; and the
 * live transactions flagged `needs_attention` (payout past its timeout with no final
 * answer, payin whose submission was never acknowledged), with their last operator error.
 */
export function liveNetworksHealth() {
  const rows = [];
  for (const country of coverage) {
    for (const n of country.networks) {
      const operator = operatorForNetwork(country.code, n.id);
      if (!operator) continue;
      const a = liveAvailability(country.code, n.id);
      const h = healthOf(healthKey(n.id, country.code));
      rows.push({
        countryCode: country.code,
        network: n.id,
        operator,
        payin: a.payin,
        payout: a.payout,
        breaker: h.state,
        consecutiveFailures: h.consecutiveFailures,
        lastSuccessAt: h.lastSuccessAt,
        lastErrors: h.lastErrors.slice(0, 5).map((e) => ({ at: e.at, message: e.message, requestId: e.requestId })),
      });
    }
  }
  return rows;
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
