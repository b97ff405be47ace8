import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { filtersFromQuery, listTransactions } from "@/server/payments/list-transactions";
import { listTransactionsContract } from "@/server/payments/list-transactions.contract";
import { transactionStatusView } from "@/server/payments/api-views";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listTransactionsContract.request, async ({ db, auth, query }) => {
    const page = await listTransactions(db, { ...auth, filters: filtersFromQuery(query), cursor: query.cursor, limit: Number(query.limit) });
    return success({ data: page.items.map(transactionStatusView), next_cursor: page.nextCursor }, "Transactions retrieved");
  }),
});
