import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getTransactionDetail } from "@/server/payments/get-transaction";
import { transactionIdParams } from "@/server/payments/schemas";
import { transactionStatusView } from "@/server/payments/views";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant", params: transactionIdParams }, async ({ db, auth, params }) =>
    success(transactionStatusView(await getTransactionDetail(db, { ...auth, id: params.id })), "Transaction retrieved"),
  ),
});
