import { randomUUID } from "node:crypto";
import { callbackSecretDigest } from "./callback-secret";
import type { Transaction, TransactionType } from "../db/schema";
import { env, publicBaseUrl } from "../env";
import { fieldError } from "../errors";
import { BreakerOpen, breakerAllows, healthKey, recordFailure, recordSuccess, syncBreakers } from "./health";
import { operatorCalled } from "../observability/metrics";
import { withSpan } from "../observability/tracing";
import { AmountNotRepresentable, majorUnits, OperatorError } from "./operator-http";
import type { Connector, ConnectorPlan, InitiationInput, LiveAnswer, PayinInitiation, RelatedRows } from "./types";

/**
 * One live connector per operator API, built from an adapter (mtn-momo/connector.ts,
 * daraja/connector.ts, wave/connector.ts, airtel/connector.ts) that knows the operator's
 * client. What they share lives here:
 *  - initiate* only plans: it checks that the operator can carry the amount (422 at
 *    creation otherwise, D15) and picks the idempotency handle and callback secret that
 *    are stored with the row. Nothing is sent before the row (and a payout's reservation)
 *    committed: server/payments/live-rails.ts submits afterwards.
 *  - every operator call goes through the circuit breaker of its network and country.
 */
export interface OperatorAdapter {
  /** Stored in transactions.connector. */
  name: string;
  /** The operator's name in messages. */
  label: string;
  wholeUnits(currency: string): boolean;
  /** The handle to store for a new transaction, or null where the operator has none (STK push). */
  newHandle(type: TransactionType): string | null;
  needsCallbackSecret?(type: TransactionType): boolean;
  submit(t: Transaction, related?: RelatedRows): Promise<LiveAnswer>;
  query(t: Transaction, related?: RelatedRows): Promise<LiveAnswer | null>;
  /** Sees a payin's plan input (pawaPay keeps a pre-authorisation code until the submission, never stored). */
  planPayin?(input: PayinInitiation): void;
  resubmitSafe(t: Transaction): boolean;
  abandon?(t: Transaction): Promise<void>;
}

/** Where operators call us back (D15): `{public base URL}/api/connectors/{network}/...`. */
export function callbackBase(): string {
  return publicBaseUrl() ?? `http://localhost:${env().PORT}`;
}

export const uuidHandle = () => randomUUID();
/** Operators that want a compact id (Airtel: at most 64 characters, letters and digits). */
export const compactHandle = () => randomUUID().replace(/-/g, "");

type Operation = "submit" | "query" | "abandon";

/**
 * Every operator call: the route's breaker as the whole fleet sees it (D19), the call's
 * metric (route, operation, outcome, latency) and its span.
 */
function guarded<T>(t: Transaction, operation: Operation, call: () => Promise<T>): Promise<T> {
  const key = healthKey(t.connector, t.network, t.countryCode);
  // Refreshed in the background: this call may run inside a database transaction.
  void syncBreakers();
  if (!breakerAllows(key)) {
    operatorCalled(key, operation, "breaker_open", 0);
    throw new BreakerOpen(key);
  }
  const attributes = () => ({ "sika.route": key, "sika.operation": operation, "sika.connector": t.connector, "sika.transaction_id": t.id });
  return withSpan(`operator ${operation}`, attributes, async () => {
    const started = performance.now();
    try {
      const result = await call();
      recordSuccess(key, performance.now() - started);
      operatorCalled(key, operation, "ok", (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      recordFailure(key, err, t.id, performance.now() - started);
      operatorCalled(key, operation, err instanceof OperatorError ? err.kind : "error", (performance.now() - started) / 1000);
      throw err;
    }
  });
}

export function liveConnector(adapter: OperatorAdapter): Connector {
  function plan(input: InitiationInput, type: TransactionType): ConnectorPlan {
    try {
      majorUnits(adapter.label, input.amount, adapter.wholeUnits(input.currency));
    } catch (err) {
      if (err instanceof AmountNotRepresentable) {
        throw fieldError("amount", `${adapter.label} takes whole ${input.currency} amounts only: send the amount without cents.`);
      }
      throw err;
    }
    return {
      connectorRef: null,
      pendingOutcome: null,
      outcomeReason: null,
      // The worker's first look, should the submission right after commit never happen.
      nextCheckAt: new Date(input.createdAt.getTime() + env().CONNECTOR_POLL_SECONDS * 1000),
      operatorHandle: adapter.newHandle(type),
      // Only a digest is stored (issue 19 §13); the URL's secret is derived again at submission.
      callbackSecret: adapter.needsCallbackSecret?.(type) ? callbackSecretDigest(input.transactionId) : null,
    };
  }
  const nothing = (t: Transaction): ConnectorPlan => ({ connectorRef: t.connectorRef, pendingOutcome: null, outcomeReason: null, nextCheckAt: null });

  return {
    name: adapter.name,
    initiatePayin: async (input) => {
      const planned = plan(input, "payin");
      adapter.planPayin?.(input);
      return planned;
    },
    initiatePayout: async (input) => plan(input, "payout"),
    // No live network here asks for a PIN step (finalize answers 409 before calling this).
    finalize: async (t) => nothing(t),
    // Live rows are handled by server/payments/live-rails.ts (submit / queryStatus).
    pollStatus: async (t) => nothing(t),
    submit: (t, related) => guarded(t, "submit", () => adapter.submit(t, related)),
    queryStatus: (t, related) => guarded(t, "query", () => adapter.query(t, related)),
    resubmitSafe: (t) => adapter.resubmitSafe(t),
    abandon: adapter.abandon ? (t) => guarded(t, "abandon", () => adapter.abandon!(t)) : undefined,
  };
}

