import { z } from "../contracts/zod";

/**
 * The response schema of Laravel's LengthAwarePaginator (laravel-paginator.ts), shared by
 * the two paginated operations (GET /api/v1/countries, GET /api/v1/transactions).
 */
export const paginatorLinkSchema = z.strictObject({
  url: z.string().nullable(),
  label: z.string().meta({ description: "`&laquo; Previous`, a page number, `...` or `Next &raquo;` (Laravel's labels)." }),
  active: z.boolean(),
});

/** `data` of the given items, then Laravel's `links` and `meta`; name it with `.openapi()`. */
export function laravelPageSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    data: z.array(item),
    links: z.strictObject({
      first: z.string(),
      last: z.string(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
    }),
    meta: z.strictObject({
      current_page: z.int(),
      from: z.int().nullable().describe("null on a page past the end"),
      last_page: z.int(),
      links: z.array(paginatorLinkSchema),
      path: z.string(),
      per_page: z.int(),
      to: z.int().nullable(),
      total: z.int(),
    }),
  });
}
