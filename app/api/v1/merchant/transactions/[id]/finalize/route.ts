import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { finalizePayin } from "@/server/payments/finalize-payin";
import { finalizePayinContract } from "@/server/payments/finalize-payin.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(finalizePayinContract.request, async ({ db, auth, params, body }) =>
    success(await finalizePayin(db, { ...auth, id: params.id, otp: body.otp }), "Payin authorization submitted"),
  ),
});
