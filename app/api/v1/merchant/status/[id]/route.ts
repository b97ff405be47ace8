import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getTransactionDetail } from "@/server/payments/get-transaction";
import { transactionStatusAliasContract } from "@/server/payments/status-alias.contract";
import { transactionStatusView } from "@/server/payments/api-views";

// D17: MbiyoPay's status path, the same answer as /api/v1/merchant/transactions/{id}.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(transactionStatusAliasContract.request, async ({ db, auth, params }) =>
    success(transactionStatusView(await getTransactionDetail(db, { ...auth, id: params.id })), "Transaction retrieved"),
  ),
});
