import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { success } from "@/server/http/envelope";
import { findPaymentLink, linkStats, paymentLinkView } from "@/server/payment-links/links";
import { getPaymentLinkContract } from "@/server/payment-links/payment-links.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getPaymentLinkContract.request, async ({ db, auth, params, req }) => {
    const link = await findPaymentLink(db, { ...auth, id: params.id });
    const stats = (await linkStats(db, [link.id])).get(link.id)!;
    return success(paymentLinkView(link, stats, publicOrigin(req)), "Payment link retrieved");
  }),
});
