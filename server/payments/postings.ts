import type { DbOrTx } from "../db/client";
import type { LedgerKind, Transaction } from "../db/schema";
import { NegativeBalanceError, postTransfer, type Leg } from "../ledger/transfers";
import { findWallet } from "../ledger/wallets";
import type { TerminalStatus } from "../connectors/types";

/**
 * The ledger side of a payment (TigerBeetle's two-phase pattern on PostgreSQL):
 *  payout created    payout_reserve  available -charged, in_flight +charged
 *  payout successful payout_settle   in_flight -charged, network +amount, fees +fee
 *  payout failed /   payout_release  in_flight -charged, available +charged
 *    cancelled
 *  payin successful  payin_settle    available +amount, fees +fee, network -charged
 * (the customer pays charged_amount; the merchant receives amount). Always called in the
 * database transaction that changes the payment.
 */
const base = (t: Transaction) => ({ merchantId: t.merchantId, mode: t.mode, currency: t.currency, transactionId: t.id });

/** A reservation the wallet cannot cover (the refund path answers 400 with the balance). */
export class WalletCannotCover extends Error {
  constructor() {
    super("the wallet cannot cover the payout");
    this.name = "WalletCannotCover";
  }
}

/**
 * One payout-shaped reservation (refunds): charged_amount from available to in_flight. The
 * wallet's CHECK refuses a negative balance, so concurrent refunds never overdraw it. Payouts
 * themselves reserve in batches (ledger/batch-postings.ts).
 */
export async function reservePayout(tx: DbOrTx, t: Transaction): Promise<void> {
  const wallet = await findWallet(tx, t);
  if (!wallet) throw new WalletCannotCover();
  try {
    await postTransfer(
      tx,
      Object.assign(base(t), {
        walletId: wallet.id,
        kind: "payout_reserve" as const,
        legs: [
          { account: "available" as const, amount: -t.chargedAmount },
          { account: "in_flight" as const, amount: t.chargedAmount },
        ],
      }),
    );
  } catch (err) {
    if (err instanceof NegativeBalanceError) throw new WalletCannotCover();
    throw err;
  }
}

/**
 * The one transfer a payment reaching a terminal status posts, or null when it posts
 * nothing (a payin that failed or was cancelled: nothing was ever credited), posted by
 * the status transition's statement (transitions.ts), which creates a payin's wallet on its
 * first credit (a payout's was created by its reservation).
 */
export function outcomeTransfer(t: Transaction, outcome: TerminalStatus): { kind: LedgerKind; legs: Leg[] } | null {
  if (t.type === "payin") {
    if (outcome !== "successful") return null;
    return {
      kind: "payin_settle",
      legs: [
        { account: "available", amount: t.amount },
        { account: "fees", amount: t.fee },
        { account: "network", amount: -t.chargedAmount },
      ],
    };
  }
  if (outcome === "successful") {
    return {
      kind: "payout_settle",
      legs: [
        { account: "in_flight", amount: -t.chargedAmount },
        { account: "network", amount: t.amount },
        { account: "fees", amount: t.fee },
      ],
    };
  }
  return {
    kind: "payout_release",
    legs: [
      { account: "in_flight", amount: -t.chargedAmount },
      { account: "available", amount: t.chargedAmount },
    ],
  };
}
