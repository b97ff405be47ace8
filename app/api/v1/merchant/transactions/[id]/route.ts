import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getTransactionDetail } from "@/server/payments/get-transaction";
import { getTransactionContract } from "@/server/payments/get-transaction.contract";
import { transactionStatusView } from "@/server/payments/api-views";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getTransactionContract.request, async ({ db, auth, params }) =>
    success(transactionStatusView(await getTransactionDetail(db, { ...auth, id: params.id })), "Transaction retrieved"),
  ),
});
