import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { readTransactionByReference } from "@/server/payments/reference-view";
import { transactionByReferenceContract } from "@/server/payments/reference-view.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(transactionByReferenceContract.request, async ({ db, auth, params }) =>
    success(await readTransactionByReference(db, { ...auth, reference: params.reference }), "Transaction retrieved"),
  ),
});
