import { z } from "./zod";
import { parseInstant } from "../calendar";
import { idPrefixes, type IdType } from "../ids";

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

/**
 * `starting_after` of the lists that page by object id (payment links, settlements): an id of
 * that list's kind, refused otherwise (422). Any text used to be taken as a position in the
 * id order, so a `next_cursor` from another list, or a typo, gave an empty page and
 * `has_more: false`: an integrator's loop ended as if it had read everything.
 */
export function startingAfterField(type: IdType, noun: string) {
  return z
    .string()
    .regex(new RegExp(`^${idPrefixes[type]}_[0-9A-Z]{26}$`), `The starting_after field must be ${noun} id (${idPrefixes[type]}_…).`)
    .optional();
}

/** An ISO date or date-time in a query string: a day that exists, an instant that can be stored (server/calendar.ts). */
export const isoDateTimeQuery = z.string().refine((v) => parseInstant(v) !== null, {
  message: "must be a valid ISO 8601 date or date-time.",
});
