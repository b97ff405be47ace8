import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { transactionStatusView } from "@/server/payments/api-views";
import { settleOutcome } from "@/server/test-mode/settle-outcome";
import { settleOutcomeContract } from "@/server/test-mode/test-mode.contract";
import { wakeWorker } from "@/server/worker/loop";

// Test keys only: a pending test transaction gets its outcome now (docs/testing.md).
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(settleOutcomeContract.request, async ({ db, auth, params, body }) => {
    const settled = await settleOutcome(db, { ...auth, transactionId: params.id, status: body.status, reason: body.reason });
    // The status webhook is in the outbox: the worker delivers it now, not at its next tick.
    wakeWorker();
    return success(transactionStatusView(settled), "Outcome applied");
  }),
});
