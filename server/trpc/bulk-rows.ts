import { z } from "../zod";
import { payoutBody } from "../payments/create-payout.contract";
import { zodToFieldErrors } from "../contracts/validation";

/**
 * The dashboard's bulk payout CSV (phone, amount, currency, country, network, name,
 * order_id): each line becomes the 4.1 body the API takes, and is checked with the very
 * schema POST /api/v1/merchant/payout validates with, so the preview shows the errors the
 * send would give (the wallet balance and limits are checked again when it is sent).
 */
export const BULK_MAX_ROWS = 1000;

export const bulkRow = z.object({
  phone: z.string().max(64),
  amount: z.string().max(32),
  currency: z.string().max(8),
  country: z.string().max(8),
  network: z.string().max(64),
  name: z.string().max(255),
  order_id: z.string().max(255),
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
    const parsed = payoutBody.safeParse(rowToPayoutBody(row), { reportInput: true });
    if (!parsed.success) {
      for (const [field, messages] of Object.entries(zodToFieldErrors(parsed.error))) {
        (errors[FIELD_TO_COLUMN[field] ?? field] ??= []).push(...messages);
      }
    }
    const orderId = row.order_id.trim();
    if (!orderId) (errors.order_id ??= []).push("The order_id field is required.");
    else if (seen.has(orderId)) (errors.order_id ??= []).push(`The order_id is already used on line ${seen.get(orderId)}.`);
    else seen.set(orderId, i + 1);
    return { line: i + 1, ok: Object.keys(errors).length === 0, errors };
  });
}
