import { z } from "./zod";

/**
 * The list shape of D20 for the lists issue 23 adds (request logs, events, webhook
 * endpoints), like GET /api/v1/merchant/transactions: `data` is the array, `next_cursor`
 * and `meta` beside it. Newest first; `cursor` is the previous page's `next_cursor`.
 */
export function cursorListSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    status: z.literal("success"),
    message: z.string(),
    data: z.array(item),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
    meta: z.strictObject({ per_page: z.int() }),
  });
}

export function cursorListBody<T>(items: T[], nextCursor: string | null, perPage: number, message: string) {
  return { status: "success" as const, message, data: items, next_cursor: nextCursor, meta: { per_page: perPage } };
}

/** `limit` (1-100, default 20) and `cursor` as query text. */
export const cursorQueryFields = {
  limit: z
    .string()
    .optional()
    .default("20")
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, { message: "The limit field must be an integer between 1 and 100." }),
  cursor: z
    .string()
    .max(100)
    .regex(/^[a-z]{1,6}_[0-9A-Z]{26}$/, "The cursor field is invalid.")
    .optional()
    .describe("`next_cursor` of the previous page."),
};

/** An ISO date or date-time in a query string. */
export const isoDateTimeQuery = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "must be a valid ISO 8601 date or date-time.",
  });

/** created_from / created_to of a query → [from, before): a date alone covers its whole UTC day. */
export function createdRange(from?: string, to?: string): { createdFrom?: Date; createdBefore?: Date } {
  const dateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const at = (v: string) => new Date(dateOnly(v) ? `${v}T00:00:00Z` : v);
  return {
    createdFrom: from ? at(from) : undefined,
    createdBefore: to ? new Date(at(to).getTime() + (dateOnly(to) ? 86_400_000 : 1)) : undefined,
  };
}
