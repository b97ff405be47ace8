import { endpoint, route } from "@/server/http/api-route";
import { creationResponse } from "@/server/http/creation-response";
import { createRefundOnce } from "@/server/payments/refunds/create-refund";
import { createRefundContract } from "@/server/payments/refunds/create-refund.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createRefundContract.request, async ({ db, auth, params, body, req }) =>
    creationResponse(
      await createRefundOnce(db, { ...auth, transactionId: params.id, amount: body.amount, reason: body.reason, idempotencyKey: req.headers.get("idempotency-key") }),
      "Refund initiated",
    ),
  ),
});
