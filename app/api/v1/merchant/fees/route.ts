import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { quoteFee } from "@/server/fees/quote";
import { toMinor } from "@/server/money";
import { quoteFeeContract } from "@/server/fees/quote.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(quoteFeeContract.request, async ({ db, query }) =>
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
