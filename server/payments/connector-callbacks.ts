import { callbackSecretMatches } from "../connectors/callback-secret";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { connectorEvents, transactions } from "../db/schema";
import { logger } from "../logger";
import { airtelCallbackHint } from "../connectors/airtel/client";
import { verifyB2cResult } from "../connectors/daraja/client";
import { currentLiveConfigs } from "../connectors/registry";
import { mapWaveEvent, verifyWaveWebhook } from "../connectors/wave/client";
import { handleOne } from "./lifecycle-job";
import { applyOutcome } from "./transitions";

/**
 * Operator callbacks, `/api/connectors/{network}/...` (D15). What is unsigned is never
 * believed: MoMo, Daraja STK and Airtel callbacks only make the worker's status query
 * happen now, and the operator's answer to that query decides. Daraja's B2C result has no
 * query to ask, so its URL carries a per-transaction secret and the result must match the
 * stored OriginatorConversationID, amount and phone. Wave's webhooks are verified (HMAC)
 * and each event id is recorded in connector_events, so a replay is refused by every instance.
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

const ok = (note: string): CallbackAnswer => ({ status: 200, body: { received: true, note } });
const refused = (status: number, why: string): CallbackAnswer => ({ status, body: { received: false, error: why } });

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Makes a pending transaction of this connector due now and runs its handling (status query). */
async function wake(db: Database, transactionId: string | null, connector: string): Promise<CallbackAnswer> {
  if (!transactionId) return ok("nothing to look up");
  const now = new Date();
  const woken = await db
    .update(transactions)
    .set({ nextCheckAt: now })
    // Not yet acknowledged: the submission is in flight; the worker queries once it is recorded.
    .where(and(eq(transactions.id, transactionId), eq(transactions.connector, connector), eq(transactions.status, "pending"), isNotNull(transactions.submittedAt)))
    .returning({ id: transactions.id });
  if (!woken.length) return ok("no pending transaction");
  await handleOne(db, transactionId, now);
  return ok("status queried");
}

async function darajaB2c(db: Database, kind: string, id: string, secret: string, raw: string): Promise<CallbackAnswer> {
  if (kind !== "result" && kind !== "timeout") return refused(404, "unknown callback");
  const [t] = await db.select().from(transactions).where(and(eq(transactions.id, id), eq(transactions.connector, "daraja"), eq(transactions.type, "payout")));
  if (!t || !callbackSecretMatches(secret, t.callbackSecret)) return refused(403, "unknown transaction or secret");
  const check = verifyB2cResult(parse(raw), { originatorConversationId: t.operatorHandle ?? "", amount: t.amount, phone: t.phoneNumber }, kind);
  if (!check.ok) {
    logger().warn({ transactionId: id, why: check.why }, "daraja b2c callback ignored");
    return ok(`ignored: ${check.why}`);
  }
  const { result } = check;
  if (result.state !== "successful" && result.state !== "failed") return ok("not final");
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
    if (!locked || locked.status !== "pending") return;
    await tx
      .update(transactions)
      .set({ submittedAt: locked.submittedAt ?? new Date(), connectorRef: result.operatorRef ?? locked.connectorRef })
      .where(eq(transactions.id, id));
    await applyOutcome(tx, { transaction: locked, outcome: result.state as "successful" | "failed", reason: result.reason });
  });
  return ok("applied");
}

async function waveWebhook(db: Database, headers: Headers, raw: string): Promise<CallbackAnswer> {
  const cfg = currentLiveConfigs().wave;
  if (!cfg) return refused(404, "wave is not configured");
  const check = verifyWaveWebhook(raw, headers.get("wave-signature"), cfg.webhookSecret);
  if (!check.ok) {
    logger().warn({ why: check.why }, "wave webhook refused");
    return refused(401, `signature ${check.why}`);
  }
  const fresh = await db.insert(connectorEvents).values({ operator: "wave", eventId: check.event.id }).onConflictDoNothing().returning();
  if (!fresh.length) return ok("replay ignored");
  const mapped = mapWaveEvent(check.event);
  // Even a signed event is checked against Wave's own answer: one code path for outcomes.
  return wake(db, mapped?.clientReference ?? null, "wave");
}

async function airtel(db: Database, raw: string): Promise<CallbackAnswer> {
  const handle = airtelCallbackHint(parse(raw)).transactionId;
  if (!handle) return ok("nothing to look up");
  const [t] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.connector, "airtel"), eq(transactions.operatorHandle, handle)));
  return wake(db, t?.id ?? null, "airtel");
}

export async function handleConnectorCallback(db: Database, input: CallbackInput): Promise<CallbackAnswer> {
  const [first, second, third, fourth] = input.path;
  switch (input.network.toLowerCase()) {
    case "mtn":
      return first === "callback" && second ? wake(db, second, "mtn-momo") : refused(404, "unknown callback");
    case "safaricom":
    case "mpesa":
      if (first === "stk" && second) return wake(db, second, "daraja");
      if (first === "b2c" && second && third && fourth) return darajaB2c(db, second, third, fourth, input.rawBody);
      return refused(404, "unknown callback");
    case "wave":
      return first === "webhook" ? waveWebhook(db, input.headers, input.rawBody) : refused(404, "unknown callback");
    case "airtel":
      return first === "callback" ? airtel(db, input.rawBody) : refused(404, "unknown callback");
    default:
      return refused(404, "unknown network");
  }
}
