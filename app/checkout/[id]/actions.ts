"use server";

import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { getCheckoutView, returnUrlWithOutcome, simulateSandboxOutcome } from "@/server/payments/checkout";
import { wakeWorker } from "@/server/worker/loop";

export type DecisionResult = { ok: true; status: string; returnUrl: string | null } | { ok: false; message: string };

/**
 * The test-mode Approve / Decline buttons of the hosted checkout. The customer has no
 * API key: the payin is found by its id, and only a test-mode sandbox payin that has a
 * checkout can be decided here (simulateSandboxOutcome refuses anything else).
 */
export async function decideCheckout(id: string, decision: "approve" | "decline"): Promise<DecisionResult> {
  if (decision !== "approve" && decision !== "decline") return { ok: false, message: "Unknown decision" };
  try {
    const db = await getDb();
    const view = await getCheckoutView(db, String(id));
    if (!view) return { ok: false, message: "Transaction not found" };
    const t = await simulateSandboxOutcome(db, { merchantId: view.merchantId, mode: view.mode, id: view.id, outcome: decision });
    wakeWorker(); // deliver the webhook now rather than at the next tick
    return { ok: true, status: t.status, returnUrl: returnUrlWithOutcome(t) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    logger().error({ err, transactionId: id }, "checkout decision failed");
    return { ok: false, message: "Internal server error" };
  }
}
