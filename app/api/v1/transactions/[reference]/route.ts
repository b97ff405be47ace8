import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { readTransactionByReference } from "@/server/payments/reference-view";
import { referenceParams } from "@/server/payments/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant", params: referenceParams }, async ({ db, auth, params }) =>
    success(await readTransactionByReference(db, { ...auth, reference: params.reference }), "Transaction retrieved"),
  ),
});
