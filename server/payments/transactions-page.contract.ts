import type { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { laravelPageSchema } from "../catalog/laravel-paginator.contract";
import type { LaravelPage } from "../catalog/laravel-paginator";
import { transactionReferenceSchema } from "./reference-view.contract";
import type { TransactionReferenceView } from "./reference-view";
import { transactionsPageQuery } from "./transactions-page";

export const transactionsPageSchema = laravelPageSchema(transactionReferenceSchema)
  .meta({ description: "Laravel's LengthAwarePaginator format, without the status/message envelope (as /api/v1/countries)." })
  .openapi("TransactionsPage");

assertSameShape<z.output<typeof transactionsPageSchema>, LaravelPage<TransactionReferenceView>>();

const path = "https://api.sika.example/api/v1/transactions";

/** GET /api/v1/transactions (D17, MbiyoPay drop-in): served by listTransactionsPage. */
export const transactionsPageContract = defineOperation({
  path: "/api/v1/transactions",
  method: "GET",
  request: { auth: "merchant", query: transactionsPageQuery },
  operationId: "listTransactionsPaginated",
  tag: "Transactions",
  summary: "List transactions (Laravel paginator)",
  description:
    "The API key's transactions, newest first, each in the remittance-style shape of GET /api/v1/transactions/{reference}, in Laravel's paginator format (`data`, `links`, `meta`; no status/message envelope). `limit` 1-100, default 15. For integrations written against MbiyoPay; new code can use the cursor list GET /api/v1/merchant/transactions.",
  success: {
    description: "A page of transactions",
    schema: transactionsPageSchema,
    enveloped: false,
    example: {
      data: [examples.transactionReference],
      links: { first: `${path}?page=1`, last: `${path}?page=1`, prev: null, next: null },
      meta: {
        current_page: 1,
        from: 1,
        last_page: 1,
        links: [
          { url: null, label: "&laquo; Previous", active: false },
          { url: `${path}?page=1`, label: "1", active: true },
          { url: null, label: "Next &raquo;", active: false },
        ],
        path,
        per_page: 15,
        to: 1,
        total: 1,
      },
    },
  },
});
