import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { listRefunds } from "@/server/payments/refunds/list-refunds";
import { listRefundsContract } from "@/server/payments/refunds/list-refunds.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listRefundsContract.request, async ({ db, auth, params }) =>
    success(await listRefunds(db, { ...auth, transactionId: params.id }), "Refunds retrieved"),
  ),
});
