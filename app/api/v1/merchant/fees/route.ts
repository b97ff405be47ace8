import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { quoteFee } from "@/server/fees/quote";
import { toMinor } from "@/server/money";
import { feeQuoteQuery } from "@/server/payments/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant", query: feeQuoteQuery }, async ({ db, query }) =>
    success(
      await quoteFee(db, {
        direction: query.type,
        countryCode: query.country_code,
        network: query.network,
        currency: query.currency,
        amount: toMinor(query.amount) ?? 0n,
      }),
      "Fee quote",
    ),
  ),
});
