import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { success } from "@/server/http/envelope";
import { checkoutSessionView, getCheckoutSession } from "@/server/payment-links/checkout-sessions";
import { getCheckoutSessionContract } from "@/server/payment-links/checkout-sessions.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getCheckoutSessionContract.request, async ({ db, auth, params, req }) =>
    success(checkoutSessionView(await getCheckoutSession(db, { ...auth, id: params.id }), publicOrigin(req)), "Checkout session retrieved"),
  ),
});
