import type { z } from "../zod";
import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import { transactionStatusView } from "./api-views";
import { filtersFromQuery, listTransactions } from "./list-transactions";
import type { listTransactionsQuery, transactionListSchema } from "./list-transactions.contract";

/**
 * GET /api/v1/merchant/transactions in D20's shape: `data` the array, `next_cursor` and
 * `meta` beside it. `page=all` is the first page; a `page` request counts the total.
 */
export async function listTransactionsBody(
  db: DbOrTx,
  scope: { merchantId: string; mode: Mode },
  query: z.output<typeof listTransactionsQuery>,
): Promise<z.output<typeof transactionListSchema>> {
  const limit = Number(query.limit);
  const page = query.page === undefined || query.page === "all" ? 1 : Number(query.page);
  const result = await listTransactions(db, {
    merchantId: scope.merchantId,
    mode: scope.mode,
    filters: filtersFromQuery(query),
    cursor: query.cursor,
    page,
    withTotal: query.page !== undefined && !query.cursor,
    limit,
  });
  const body: z.output<typeof transactionListSchema> = {
    status: "success",
    message: "Transactions retrieved",
    data: result.items.map(transactionStatusView),
    next_cursor: result.nextCursor,
    meta: { current_page: result.page, per_page: limit, ...(result.total !== undefined ? { total: result.total } : {}) },
  };
  return body;
}
