import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { success } from "@/server/http/envelope";
import { checkoutSessionView, createCheckoutSession } from "@/server/payment-links/checkout-sessions";
import { createCheckoutSessionContract } from "@/server/payment-links/checkout-sessions.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createCheckoutSessionContract.request, async ({ db, auth, body, req }) => {
    const session = await createCheckoutSession(db, { ...auth, body });
    return success(checkoutSessionView({ session, paymentStatus: null, status: "open" }, publicOrigin(req)), "Checkout session created");
  }),
});
