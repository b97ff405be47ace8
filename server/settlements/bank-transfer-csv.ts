import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { settlements } from "../db/schema";
import { toDecimalString } from "../money";
import { pendingSettlements } from "./settlements";
import { csvLine } from "../reports/csv";

/**
 * The bank transfer file of the operator console (issue 21): the pending settlements
 * payable through one bank, one line each, for the bank's bulk transfer upload. Marks
 * them exported (they stay pending until marked paid or rejected). Written with the one CSV
 * writer of every export (server/reports/csv.ts).
 */

export const BANK_TRANSFER_COLUMNS = [
  "settlement_id",
  "merchant",
  "beneficiary_name",
  "bank_name",
  "bank_code",
  "country_code",
  "account_number",
  "branch_code",
  "amount",
  "currency",
  "transfer_reference",
  "requested_at",
  "mode",
] as const;

/** The distinct banks of the pending settlements (names as the merchants typed them, case-folded). */
export async function pendingBanks(db: DbOrTx): Promise<Array<{ bank: string; count: number }>> {
  const counts = new Map<string, number>();
  for (const r of await pendingSettlements(db)) counts.set(bankKey(r.account.bankName), (counts.get(bankKey(r.account.bankName)) ?? 0) + 1);
  return [...counts].map(([bank, count]) => ({ bank, count })).sort((a, b) => a.bank.localeCompare(b.bank));
}

export const bankKey = (name: string) => name.trim().replace(/\s+/g, " ").toUpperCase();

export async function bankTransferCsv(db: DbOrTx, bank: string): Promise<{ csv: string; count: number; fileName: string }> {
  const key = bankKey(bank);
  const rows = (await pendingSettlements(db)).filter((r) => bankKey(r.account.bankName) === key);
  let csv = csvLine([...BANK_TRANSFER_COLUMNS]);
  for (const { settlement: s, account: a, merchantName } of rows) {
    csv += csvLine([
      s.id,
      merchantName,
      a.holderName,
      a.bankName,
      a.bankCode,
      a.countryCode,
      a.accountNumber,
      a.branchCode,
      toDecimalString(s.amount),
      s.currency,
      `SIKA ${s.id}`,
      s.createdAt.toISOString(),
      s.mode,
    ]);
  }
  if (rows.length) await db.update(settlements).set({ exportedAt: new Date() }).where(inArray(settlements.id, rows.map((r) => r.settlement.id)));
  const slug = key.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "bank";
  return { csv, count: rows.length, fileName: `sika-settlements-${slug}-${new Date().toISOString().slice(0, 10)}.csv` };
}
