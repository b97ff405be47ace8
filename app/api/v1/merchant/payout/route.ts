import { endpoint, route } from "@/server/http/api-route";
import { creationResponse } from "@/server/http/creation-response";
import { createPayout } from "@/server/payments/create-payout";
import { createPayoutContract } from "@/server/payments/create-payout.contract";
import { apiRequester } from "@/server/payments/approvals/requesters";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createPayoutContract.request, async ({ db, auth, body, req }) =>
    creationResponse(await createPayout(db, { ...auth, request: body, idempotencyKey: req.headers.get("idempotency-key"), requester: apiRequester(auth) }), "Payout initiated"),
  ),
});
