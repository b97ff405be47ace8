import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { success } from "@/server/http/envelope";
import { deactivatePaymentLink, linkStats, paymentLinkView } from "@/server/payment-links/links";
import { deactivatePaymentLinkContract } from "@/server/payment-links/payment-links.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(deactivatePaymentLinkContract.request, async ({ db, auth, params, req }) => {
    const link = await deactivatePaymentLink(db, { ...auth, id: params.id, actor: { type: "api_key", id: auth.keyId, label: auth.keyId } });
    const stats = (await linkStats(db, [link.id])).get(link.id)!;
    return success(paymentLinkView(link, stats, publicOrigin(req)), "Payment link deactivated");
  }),
});
