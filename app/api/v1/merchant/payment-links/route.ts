import { endpoint, route } from "@/server/http/api-route";
import { publicOrigin } from "@/server/http/base-url";
import { success } from "@/server/http/envelope";
import { createPaymentLink, linkStats, listPaymentLinks, paymentLinkView } from "@/server/payment-links/links";
import { createPaymentLinkContract, listPaymentLinksContract } from "@/server/payment-links/payment-links.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createPaymentLinkContract.request, async ({ db, auth, body, req }) => {
    const link = await createPaymentLink(db, { ...auth, body });
    const stats = (await linkStats(db, [link.id])).get(link.id)!;
    return success(paymentLinkView(link, stats, publicOrigin(req)), "Payment link created");
  }),
  GET: endpoint(listPaymentLinksContract.request, async ({ db, auth, query, req }) => {
    const rows = await listPaymentLinks(db, { ...auth, limit: query.limit + 1, startingAfter: query.starting_after });
    const page = rows.slice(0, query.limit);
    const origin = publicOrigin(req);
    return success(
      { data: page.map((r) => paymentLinkView(r.link, r.stats, origin)), has_more: rows.length > query.limit, next_starting_after: rows.length > query.limit ? page.at(-1)!.link.id : null },
      "Payment links retrieved",
    );
  }),
});
