import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { listTransactionsContract } from "@/server/payments/list-transactions.contract";
import { listTransactionsBody } from "@/server/payments/list-transactions-body";

// D20: `data` is the array, `next_cursor` and `meta` beside it (the envelope's keys at the top level).
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listTransactionsContract.request, async ({ db, auth, query }) => json(await listTransactionsBody(db, auth, query))),
});
