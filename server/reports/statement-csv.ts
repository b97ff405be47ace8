import { toDecimalString } from "../money";
import type { Statement, StatementMovement } from "../ledger/statements";
import { csvLine, csvRows, type CsvColumn } from "./csv";

/**
 * The statement as CSV (server/reports/csv.ts, the writer every export shares): an
 * `opening_balance` line, one line per movement, a `closing_balance` line; amounts as
 * decimal text so a spreadsheet sums them exactly.
 */
const columns = (currency: string): CsvColumn<StatementMovement>[] => [
  { header: "time", value: (m) => m.time },
  { header: "entry_id", value: (m) => m.entryId },
  { header: "transaction_id", value: (m) => m.transactionId },
  { header: "order_id", value: (m) => m.orderId },
  { header: "type", value: (m) => m.type },
  { header: "amount", value: (m) => toDecimalString(m.amount) },
  { header: "fee", value: (m) => toDecimalString(m.fee) },
  { header: "balance_after", value: (m) => toDecimalString(m.balanceAfter) },
  { header: "currency", value: () => currency },
  { header: "description", value: (m) => m.description },
];

export function statementCsv(s: Statement): string {
  const cols = columns(s.currency);
  const balanceLine = (at: Date, kind: string, amount: Statement["opening"]) =>
    csvLine([at, null, null, null, kind, null, null, toDecimalString(amount), s.currency, null]);
  return (
    csvLine(cols.map((c) => c.header)) +
    balanceLine(s.periodStart, "opening_balance", s.opening) +
    csvRows(s.movements, cols) +
    balanceLine(s.periodEnd, "closing_balance", s.closing)
  );
}

export function statementFileName(s: Statement): string {
  return `sika-${s.mode}-statement-${s.currency}-${s.from}-${s.to}.csv`;
}
