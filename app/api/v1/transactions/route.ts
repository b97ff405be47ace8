import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { publicOrigin } from "@/server/http/base-url";
import { listTransactionsPage } from "@/server/payments/transactions-page";
import { transactionsPageContract } from "@/server/payments/transactions-page.contract";

// D17: beside [reference]/ (one segment deeper), so /api/v1/transactions and /api/v1/transactions/{reference} both resolve.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(transactionsPageContract.request, async ({ db, auth, req, query }) =>
    json(await listTransactionsPage(db, { ...auth, page: Number(query.page), limit: Number(query.limit), path: `${publicOrigin(req)}/api/v1/transactions` })),
  ),
});
