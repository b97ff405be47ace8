import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getTransactionStatus } from "@/server/payments/status-reads";
import { getTransactionContract } from "@/server/payments/get-transaction.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getTransactionContract.request, async ({ db, auth, params }) =>
    success(await getTransactionStatus(db, { ...auth, id: params.id }), "Transaction retrieved"),
  ),
});
