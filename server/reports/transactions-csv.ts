import type { Database } from "../db/client";
import type { Mode, Transaction } from "../db/schema";
import { toDecimalString } from "../money";
import { listTransactions, type TransactionFilters } from "../payments/list-transactions";
import { csvHeader, csvRows, SPREADSHEET_BOM, type CsvColumn } from "./csv";

/**
 * The filtered transaction list as CSV (server/reports/csv.ts, the writer every export
 * shares), streamed page by page so a large export never sits in memory.
 */
const COLUMNS: CsvColumn<Transaction>[] = [
  { header: "transaction_id", value: (t) => t.id },
  { header: "created_at", value: (t) => t.createdAt },
  { header: "type", value: (t) => t.type },
  { header: "status", value: (t) => t.status },
  { header: "amount", value: (t) => toDecimalString(t.amount) },
  { header: "fee", value: (t) => toDecimalString(t.fee) },
  { header: "charged_amount", value: (t) => toDecimalString(t.chargedAmount) },
  { header: "currency", value: (t) => t.currency },
  { header: "order_id", value: (t) => t.orderId },
  { header: "country_code", value: (t) => t.countryCode },
  { header: "network", value: (t) => t.network },
  { header: "phone_number", value: (t) => t.phoneNumber },
  { header: "beneficiary", value: (t) => t.beneficiary },
  { header: "failure_reason", value: (t) => t.failureReason },
  { header: "completed_at", value: (t) => t.completedAt },
];

export function transactionsCsvStream(db: Database, input: { merchantId: string; mode: Mode; filters: TransactionFilters }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          // The dashboard's download, opened in a spreadsheet (csv.ts).
          controller.enqueue(encoder.encode(SPREADSHEET_BOM + csvHeader(COLUMNS)));
        }
        const page = await listTransactions(db, { merchantId: input.merchantId, mode: input.mode, filters: input.filters, cursor, limit: 100 });
        if (page.items.length) controller.enqueue(encoder.encode(csvRows(page.items, COLUMNS)));
        cursor = page.nextCursor;
        if (!cursor) controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
}
