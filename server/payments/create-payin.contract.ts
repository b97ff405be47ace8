import { examples } from "../contracts/examples";
import { defineOperation, idempotencyConflictError, idempotencyHeader, limitsError, networkUnavailableError, replayedHeader } from "../contracts/operation";
import { payinCreatedSchema } from "./api-views";
import { payinBody } from "./schemas";

/** POST /api/v1/merchant/payin (2.2): served by createPayin. */
export const createPayinContract = defineOperation({
  path: "/api/v1/merchant/payin",
  method: "POST",
  request: { auth: "merchant", body: payinBody },
  operationId: "createPayin",
  tag: "Payments",
  summary: "Create a payin",
  description:
    "Collects money from a customer's mobile money account. The response's `auth_mode`, `instructions` and `redirect_url` tell you what happens next: null — wait for the webhook; `confirm` — show `instructions` to the customer; `pin` — collect the PIN and call finalize; `redirect_url` — send the customer there. Test keys use the sandbox: the phone's last 4 digits choose the outcome. Confirm the final state with the status endpoint before delivering goods.",
  requestExample: examples.payinRequest,
  headers: idempotencyHeader,
  success: { description: "Payin created, status `pending`", schema: payinCreatedSchema, example: examples.payinCreated, message: "Payin initiated", headers: replayedHeader },
  errors: [idempotencyConflictError, limitsError, networkUnavailableError],
});
