import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { creationResponse } from "@/server/http/creation-response";
import { createPayin } from "@/server/payments/create-payin";
import { createPayinContract } from "@/server/payments/create-payin.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createPayinContract.request, async ({ db, auth, body, req }) =>
    creationResponse(
      await createPayin(db, { ...auth, request: body, idempotencyKey: req.headers.get("idempotency-key"), origin: publicOrigin(req) }),
      "Payin initiated",
    ),
  ),
});
