import { z } from "../zod";
import { payoutBody } from "../payments/create-payout.contract";
import { zodToFieldErrors } from "../contracts/validation";
import { AppError } from "../errors";
import { processedAmount } from "../fees/amount-rules";
import { requestedMinor } from "../payments/creation";
import { resolveDestination } from "../payments/destination";

/**
 * The dashboard's bulk payout CSV (phone, amount, currency, country, network, name,
 * order_id): each line becomes the 4.1 body the API takes, and is checked with the very
 * schema POST /api/v1/merchant/payout validates with, so the preview shows the errors the
 * send would give (the wallet balance and limits are checked again when it is sent).
 */
export const BULK_MAX_ROWS = 1000;

/** A CSV cell. PostgreSQL cannot store U+0000 (each line's body is kept as JSON): refused here, not a 500 later. */
const cell = (max: number) => z.string().max(max).refine((v) => !v.includes("\u0000"), "must not contain NUL characters");

export const bulkRow = z.object({
  phone: cell(64),
  amount: cell(32),
  currency: cell(8),
  country: cell(8),
  network: cell(64),
  name: cell(255),
  order_id: cell(255),
});
export type BulkRow = z.infer<typeof bulkRow>;

export const bulkRows = z.array(bulkRow).min(1).max(BULK_MAX_ROWS);

/** CSV column -> the API field it feeds, so errors read in the file's own words. */
const FIELD_TO_COLUMN: Record<string, keyof BulkRow> = {
  amount: "amount",
  currency: "currency",
  order_id: "order_id",
  "metadata.phone_number": "phone",
  "metadata.country_code": "country",
  "metadata.network": "network",
  "metadata.beneficiary": "name",
};

export function rowToPayoutBody(row: BulkRow) {
  const amountText = row.amount.trim().replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  return {
    amount: /^\d+(\.\d+)?$/.test(amountText) ? Number(amountText) : amountText === "" ? undefined : amountText,
    currency: row.currency.trim().toUpperCase(),
    payment_method: "mobile_money" as const,
    order_id: row.order_id.trim() || null,
    metadata: {
      network: row.network.trim().toLowerCase(),
      phone_number: row.phone.trim(),
      country_code: row.country.trim().toUpperCase(),
      beneficiary: row.name.trim(),
    },
  };
}

/** The API field names of field errors -> the CSV's columns (unknown fields keep their name). */
export function toColumns(fields: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) (out[FIELD_TO_COLUMN[field] ?? field] ??= []).push(...messages);
  return out;
}

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/**
 * A payout body back to its CSV line (the inverse of rowToPayoutBody), so a batch's failed
 * items can be sent again from the batch alone. Null when the body is not one a CSV line
 * could carry (a batch sent through the API with other shapes).
 */
export function payoutBodyToRow(body: unknown): BulkRow | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const m = (b.metadata && typeof b.metadata === "object" ? b.metadata : {}) as Record<string, unknown>;
  const row = bulkRow.safeParse({
    phone: text(m.phone_number),
    amount: text(b.amount),
    currency: text(b.currency),
    country: text(m.country_code),
    network: text(m.network),
    name: text(m.beneficiary),
    order_id: text(b.order_id),
  });
  return row.success ? row.data : null;
}

/**
 * The country's limits on the processed amount (after rounding to 5 where the country
 * rounds), as the send will check them: a line the preview calls valid is not refused
 * for its amount later. Null when within them.
 */
function limitsProblem(body: { amount: number; metadata: unknown }): string | null {
  const { country, limits } = resolveDestination(body, "payout");
  try {
    processedAmount(country, limits, requestedMinor(body.amount));
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === "amount_out_of_limits") {
      const d = err.data as { min_amount: number; max_amount: number; currency: string };
      return `The amount must be between ${d.min_amount} and ${d.max_amount} ${d.currency} for ${country.code}.`;
    }
    if (err instanceof AppError && err.code === "validation_failed") return Object.values(err.data as Record<string, string[]>).flat()[0] ?? err.message;
    throw err;
  }
}

export interface RowCheck {
  line: number;
  ok: boolean;
  /** Column of the CSV -> messages. */
  errors: Record<string, string[]>;
}

/** Every line on its own, plus order_ids repeated within the file (each item needs its own). */
export function validateRows(rows: BulkRow[]): RowCheck[] {
  const seen = new Map<string, number>();
  return rows.map((row, i) => {
    const errors: Record<string, string[]> = {};
    const body = rowToPayoutBody(row);
    const parsed = payoutBody.safeParse(body, { reportInput: true });
    if (!parsed.success) Object.assign(errors, toColumns(zodToFieldErrors(parsed.error)));
    else {
      const limits = limitsProblem(parsed.data);
      if (limits) (errors.amount ??= []).push(limits);
    }
    const orderId = row.order_id.trim();
    if (!orderId) (errors.order_id ??= []).push("The order_id field is required.");
    else if (seen.has(orderId)) (errors.order_id ??= []).push(`The order_id is already used on line ${seen.get(orderId)}.`);
    else seen.set(orderId, i + 1);
    return { line: i + 1, ok: Object.keys(errors).length === 0, errors };
  });
}
