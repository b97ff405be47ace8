import { endpoint, route } from "@/server/http/api-route";
import { creationResponse } from "@/server/http/creation-response";
import { createBulkPayoutsOnce } from "@/server/payments/bulk-payouts/create-bulk-payouts";
import { createBulkPayoutsContract } from "@/server/payments/bulk-payouts/bulk-payouts.contract";
import { apiRequester } from "@/server/payments/approvals/requesters";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createBulkPayoutsContract.request, async ({ db, auth, body, req }) =>
    creationResponse(await createBulkPayoutsOnce(db, { ...auth, items: body.payouts, idempotencyKey: req.headers.get("idempotency-key"), requester: apiRequester(auth) }), "Bulk payout processed"),
  ),
});
