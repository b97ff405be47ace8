import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import type { LedgerAccount, LedgerKind, Mode } from "../db/schema";
import type { Minor } from "../money";
import { keyedTransferRows, transfersCtes } from "./batch-postings";

type Row = Record<string, unknown>;

/**
 * Double-entry postings. A transfer is a set of legs that sums to zero; wallet legs
 * (available, in_flight) also move the wallet's stored balance in the same statement,
 * and the wallets table's CHECK constraints refuse any leg that would go below zero.
 * Written by the ledger's one set-based statement (batch-postings.ts#transfersCtes).
 * Call inside a database transaction.
 */
export interface Leg {
  account: LedgerAccount;
  /** + credit, - debit (hundredths). */
  amount: Minor;
}

export interface TransferInput {
  merchantId: string;
  mode: Mode;
  currency: string;
  walletId: string;
  kind: LedgerKind;
  legs: Leg[];
  transactionId?: string | null;
  reference?: string | null;
  description?: string | null;
}

export class NegativeBalanceError extends Error {
  constructor() {
    super("a wallet balance would go below zero");
    this.name = "NegativeBalanceError";
  }
}

export function isCheckViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23514") return true;
  }
  return false;
}

export interface PostedTransfer {
  transferId: string;
  /** The wallet's balances after the transfer. */
  available: Minor;
  inFlight: Minor;
}

const TRANSFER = sql.raw(`,
      ${transfersCtes({ legsJson: "(select legs from p)", walletsJson: "(select wallets from p)", now: "(select now from p)" })}
    select ow.id, ow.available::text, ow.in_flight::text, (select count(*) from ole)::int as legs from (select 1) one left join ow on true`);

/** One transfer: the ledger's set-based statement (batch-postings.ts) for a batch of one. */
export async function postTransfer(tx: DbOrTx, input: TransferInput): Promise<PostedTransfer> {
  const { legs, wallets, transferIds } = keyedTransferRows([Object.assign({}, input, { transactionId: input.transactionId ?? null })], input.walletId);
  let rows: Row[];
  try {
    const result = (await tx.execute(
      sql`with p as (select ${JSON.stringify(legs)}::json as legs, ${JSON.stringify(wallets)}::json as wallets, ${new Date().toISOString()}::timestamptz as now)${TRANSFER}`,
    )) as unknown as Row[] | { rows: Row[] };
    rows = Array.isArray(result) ? result : result.rows;
  } catch (err) {
    if (isCheckViolation(err)) throw new NegativeBalanceError();
    throw err;
  }
  const [r] = rows;
  // A wallet leg moves the caller's wallet, and only it (the key and the id must agree).
  if (wallets.length && (rows.length !== 1 || r.id !== input.walletId)) throw new Error(`wallet ${input.walletId} not found`);
  if (Number(r.legs) !== legs.length) throw new Error(`transfer wrote ${String(r.legs)} legs, ${legs.length} expected`);
  return { transferId: transferIds[0], available: BigInt((r.available as string | null) ?? 0), inFlight: BigInt((r.in_flight as string | null) ?? 0) };
}
