import { desc, sql } from "drizzle-orm";
import { z } from "../zod";
import type { DbOrTx } from "../db/client";
import { transactions, type Mode } from "../db/schema";
import { laravelPage, type LaravelPage } from "../catalog/laravel-paginator";
import { ownedBy } from "./get-transaction";
import { merchantContact, transactionReferenceView, type TransactionReferenceView } from "./reference-view";

/**
 * GET /api/v1/transactions?page=&limit= (D17, the MbiyoPay drop-in): the key's
 * transactions (merchant and mode), newest first, in Laravel's paginator format like
 * /api/v1/countries, each item the 2.5 shape. Page past the end: empty data, as Laravel.
 */
export const DEFAULT_PAGE_SIZE = 15;

export const transactionsPageQuery = z.object({
  page: z
    .string()
    .optional()
    .default("1")
    .refine((v) => /^[1-9]\d{0,8}$/.test(v), { message: "The page field must be a positive integer." }),
  limit: z
    .string()
    .optional()
    .default(String(DEFAULT_PAGE_SIZE))
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { message: "The limit field must be an integer between 1 and 100." }),
});

export async function listTransactionsPage(
  db: DbOrTx,
  input: { merchantId: string; mode: Mode; page: number; limit: number; path: string },
): Promise<LaravelPage<TransactionReferenceView>> {
  const where = ownedBy(input.merchantId, input.mode);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(transactions).where(where);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const merchant = rows.length ? await merchantContact(db, input.merchantId) : { name: "", email: "" };
  return laravelPage(
    rows.map((t) => transactionReferenceView(t, merchant)),
    {
      total: Number(total),
      current: input.page,
      perPage: input.limit,
      path: input.path,
      extraQuery: input.limit !== DEFAULT_PAGE_SIZE ? { limit: String(input.limit) } : {},
    },
  );
}
