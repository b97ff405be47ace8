import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { connectorEvents, transactions } from "../db/schema";
import { callbackAnswer, type AnswerStep, type CallbackContext, type CallbackStep } from "../connectors/descriptor";
import { operatorForCallback } from "../connectors/index";
import { operatorConfig } from "../connectors/live-set";
import { storableText } from "../connectors/operator-http";
import { handleOne } from "./lifecycle-job";
import type { FinalTransactionStatus } from "../vocabulary";
import { applyOutcome } from "./transitions";

/**
 * Operator callbacks, `/api/connectors/{segment}/...` (D15, D19). The operator's folder
 * parses and verifies its own callbacks (descriptor.callback) and answers with one of the
 * generic steps run here; this file knows no operator:
 *  - `query`: a pending transaction of that operator is made due now and its status query
 *    runs; the operator's answer decides (what is unsigned is never believed);
 *  - `apply`: an outcome the operator's code vouched for (Daraja B2C result bound to a
 *    per-transaction secret) is applied to the pending transaction;
 *  - `answer`: answered as is.
 * Answers are 200 for anything well-formed (operators retry otherwise), whether acted on or not.
 */
export interface CallbackInput {
  network: string;
  path: string[];
  headers: Headers;
  rawBody: string;
}

export interface CallbackAnswer {
  status: number;
  body: Record<string, unknown>;
}

const answered = (step: AnswerStep): CallbackAnswer => ({ status: step.status, body: step.body });

/**
 * Callbacks are unauthenticated until checked, and what they carry is asked of the
 * database. PostgreSQL text cannot hold U+0000, so a NUL in an id (path or body) made the
 * query fail: a 500, an error log line per request, and the operator retrying forever. An
 * id an operator's code took from a body can also be anything JSON holds (an object where
 * a string was documented, even in a signed Wave event). Only a string without a NUL can
 * name a transaction of ours; anything else is looked up as not found.
 */
const nameable = (value: unknown): value is string => typeof value === "string" && value !== "" && !value.includes("\u0000");

/** Makes a pending transaction of this connector due now and runs its handling (status query). */
async function wake(db: Database, transactionId: string | null, connector: string): Promise<CallbackAnswer> {
  if (!transactionId) return answered(callbackAnswer.ok("nothing to look up"));
  if (!nameable(transactionId)) return answered(callbackAnswer.ok("no pending transaction"));
  const now = new Date();
  const woken = await db
    .update(transactions)
    .set({ nextCheckAt: now })
    // Not yet acknowledged: the submission is in flight; the worker queries once it is recorded.
    .where(and(eq(transactions.id, transactionId), eq(transactions.connector, connector), eq(transactions.status, "pending"), isNotNull(transactions.submittedAt)))
    .returning({ id: transactions.id });
  if (!woken.length) return answered(callbackAnswer.ok("no pending transaction"));
  await handleOne(db, transactionId, now);
  return answered(callbackAnswer.ok("status queried"));
}

async function apply(db: Database, step: CallbackStep & { kind: "apply" }, connector: string): Promise<CallbackAnswer> {
  const { result } = step;
  if (result.state !== "successful" && result.state !== "failed" && result.state !== "cancelled") return answered(callbackAnswer.ok("not final"));
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, step.transactionId), eq(transactions.connector, connector)))
      .for("update");
    if (!locked || locked.status !== "pending") return;
    await tx
      .update(transactions)
      .set({ submittedAt: locked.submittedAt ?? new Date(), connectorRef: result.operatorRef == null ? locked.connectorRef : storableText(String(result.operatorRef)) })
      .where(eq(transactions.id, step.transactionId));
    await applyOutcome(tx, { transaction: locked, outcome: result.state as FinalTransactionStatus, reason: result.reason });
  });
  return answered(callbackAnswer.ok("applied"));
}

function context(db: Database, connector: string, operator: string): CallbackContext {
  return {
    async find(by) {
      if ((by.id !== undefined && !nameable(by.id)) || (by.operatorHandle !== undefined && !nameable(by.operatorHandle))) return null;
      const conditions = [eq(transactions.connector, connector)];
      if (by.id) conditions.push(eq(transactions.id, by.id));
      if (by.operatorHandle) conditions.push(eq(transactions.operatorHandle, by.operatorHandle));
      if (by.type) conditions.push(eq(transactions.type, by.type));
      if (!by.id && !by.operatorHandle) return null;
      const [t] = await db
        .select()
        .from(transactions)
        .where(and(...conditions))
        .limit(1);
      return t ?? null;
    },
    async firstSeen(eventId) {
      const fresh = await db.insert(connectorEvents).values({ operator, eventId: storableText(eventId) }).onConflictDoNothing().returning();
      return fresh.length > 0;
    },
  };
}

export async function handleConnectorCallback(db: Database, input: CallbackInput): Promise<CallbackAnswer> {
  const operator = operatorForCallback(input.network);
  if (!operator) return answered(callbackAnswer.refused(404, "unknown network"));
  const step = await operator.callback(operatorConfig(operator.name), { path: input.path, headers: input.headers, rawBody: input.rawBody }, context(db, operator.name, operator.name));
  switch (step.kind) {
    case "query":
      return wake(db, step.transactionId, operator.name);
    case "apply":
      return apply(db, step, operator.name);
    default:
      return answered(step);
  }
}
