import type { Database } from "../db/client";
import type { Mode, Transaction } from "../db/schema";
import { toDecimalString } from "../money";
import { listTransactions, type TransactionFilters } from "../payments/list-transactions";

/**
 * The filtered transaction list as CSV, streamed page by page so a large export never
 * sits in memory. Cells that a spreadsheet would run as a formula are neutralised.
 */
const COLUMNS = [
  "transaction_id",
  "created_at",
  "type",
  "status",
  "amount",
  "fee",
  "charged_amount",
  "currency",
  "order_id",
  "country_code",
  "network",
  "phone_number",
  "beneficiary",
  "failure_reason",
  "completed_at",
] as const;

/**
 * One CSV cell: a leading formula character is neutralised with `'` (OWASP CSV injection),
 * and a cell holding `,` or `;` is quoted too: French-locale spreadsheets split on `;`, so an
 * unquoted `x;=HYPERLINK(...)` would become a second cell starting with a live formula.
 */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",;\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

function row(t: Transaction): string {
  const cells = [
    t.id,
    t.createdAt.toISOString(),
    t.type,
    t.status,
    toDecimalString(t.amount),
    toDecimalString(t.fee),
    toDecimalString(t.chargedAmount),
    t.currency,
    t.orderId,
    t.countryCode,
    t.network,
    t.phoneNumber,
    t.beneficiary,
    t.failureReason,
    t.completedAt?.toISOString() ?? null,
  ];
  return cells.map(csvCell).join(",") + "\r\n";
}

export function transactionsCsvStream(db: Database, input: { merchantId: string; mode: Mode; filters: TransactionFilters }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(COLUMNS.join(",") + "\r\n"));
        }
        const page = await listTransactions(db, { merchantId: input.merchantId, mode: input.mode, filters: input.filters, cursor, limit: 100 });
        if (page.items.length) controller.enqueue(encoder.encode(page.items.map(row).join("")));
        cursor = page.nextCursor;
        if (!cursor) controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
}
