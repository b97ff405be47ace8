import { and, eq } from "drizzle-orm";
import { transactionCreated } from "../../observability/metrics";
import type { Database } from "../../db/client";
import { transactions, type Mode } from "../../db/schema";
import { findCountry, findCurrencyLimits, findNetwork } from "../../catalog/coverage";
import { env } from "../../env";
import { AppError, errors } from "../../errors";
import { priceTransaction } from "../../fees/quote";
import { newId } from "../../ids";
import { findWallet } from "../../ledger/wallets";
import { toAmount, type Minor } from "../../money";
import { payoutCreatedView, type PayoutCreatedView } from "../api-views";
import type { CreationResult } from "../create-payin";
import { planPayoutRow, requestedMinor, secondsFrom } from "../creation";
import { findTransaction } from "../get-transaction";
import { createOnce, findIdempotentReplay, idempotencyScope } from "../idempotency";
import { reservePayout, WalletCannotCover } from "../postings";
import { recordCreated } from "../transitions";
import { refundableOf, refundedSoFar } from "./refund-rules";

export interface CreateRefundInput {
  merchantId: string;
  mode: Mode;
  /** The payin to refund. */
  transactionId: string;
  /** Major units (like every API amount, D17); default: what is left to refund. */
  amount?: number | null;
  reason?: string | null;
  idempotencyKey?: string | null;
}

export const refundErrors = {
  notRefundable: () => new AppError("conflict", "Transaction cannot be refunded"),
  exceedsRefundable: (data: { refundable_amount: number; currency: string }) =>
    new AppError("conflict", "Refund exceeds the refundable amount", data),
};

class RefundRace extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/**
 * POST /api/v1/merchant/transactions/{id}/refund (D16): a refund is a transaction of its
 * own (`rf_`), a payout to the payin's phone on the payin's network, priced as a payout,
 * debiting the wallet by amount + fee, with the payout lifecycle and its own webhook
 * events (the worker applies the connector's outcome like any payout's).
 *
 * Checks: payin found (404), successful payin (409), amount within limits (400), live
 * connector configured (503), refundable amount (409), wallet covers amount + fee (400).
 * The refundable-amount rule holds under concurrency: the payin row is locked FOR UPDATE
 * in the database transaction that sums its refunds, inserts this one, reserves the
 * money and records the Idempotency-Key, so concurrent refunds of one payin are decided
 * one after the other, and the wallet's CHECK constraint refuses an overdraft.
 */
export async function createRefundOnce(db: Database, input: CreateRefundInput): Promise<CreationResult<PayoutCreatedView>> {
  const { merchantId, mode } = input;
  const reason = input.reason?.trim() || null;
  const request = { transaction_id: input.transactionId, amount: input.amount ?? null, reason };
  const idem = idempotencyScope({ merchantId, mode, scope: "refund", key: input.idempotencyKey, request });
  if (idem) {
    const replay = await findIdempotentReplay(db, idem);
    if (replay !== null) return { data: replay as PayoutCreatedView, replayed: true };
  }

  const payin = await findTransaction(db, { merchantId, mode, id: input.transactionId });
  if (!payin) throw errors.transactionNotFound();
  if (payin.type !== "payin") throw refundErrors.notRefundable().withDetail(`Only payins can be refunded; ${payin.id} is a ${payin.type}.`);
  if (payin.status !== "successful") throw refundErrors.notRefundable().withDetail(`Only a successful payin can be refunded; ${payin.id} is ${payin.status}.`);

  const country = findCountry(payin.countryCode);
  const limits = country ? findCurrencyLimits(country, payin.currency) : undefined;
  const network = country ? findNetwork(country, payin.network) : undefined;
  if (!country || !limits || !network) throw refundErrors.notRefundable();

  // A first look without the lock, for the default amount and the common refusals; the
  // locked look in the write transaction below is the real guard.
  const refundable = refundableOf(payin, await refundedSoFar(db, payin.id));
  const exceeds = (left: Minor) => refundErrors.exceedsRefundable({ refundable_amount: toAmount(left), currency: payin.currency });
  const requested = input.amount === undefined || input.amount === null ? refundable : requestedMinor(input.amount);
  if (refundable === 0n) throw exceeds(0n);
  const price = await priceTransaction(db, { direction: "payout", country, limits, network: network.id, requested });
  if (price.amount > refundable) throw exceeds(refundable);

  const walletKey = { merchantId, mode, currency: price.currency };
  const wallet = await findWallet(db, walletKey);
  const insufficient = (available: Minor) =>
    errors.insufficientBalance({ required_amount: toAmount(price.chargedAmount), available_balance: toAmount(available), currency: price.currency });
  if (!wallet || wallet.available < price.chargedAmount) throw insufficient(wallet?.available ?? 0n);

  const id = newId("refund");
  const now = new Date();
  const { values: planned } = await planPayoutRow({
    id,
    merchantId,
    mode,
    type: "refund",
    price,
    // The refund carries the payin's order_id and webhook URL: the merchant reconciles it with the order.
    request: { order_id: payin.orderId, payment_method: payin.paymentMethod, callback_url: payin.callbackUrl },
    destination: { country, network, phone: payin.phoneNumber },
    expiresAt: secondsFrom(now, env().PAYOUT_TIMEOUT_SECONDS),
    now,
    beneficiary: payin.beneficiary ?? "",
    refundOf: payin,
  });
  const values = {
    ...planned,
    refundOf: payin.id,
    requestMetadata: request,
  };

  try {
    return await createOnce(db, idem, async (tx) => {
      const [locked] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, payin.id), eq(transactions.merchantId, merchantId), eq(transactions.mode, mode)))
        .for("update");
      const left = refundableOf(locked, await refundedSoFar(tx, payin.id));
      if (price.amount > left) throw new RefundRace(exceeds(left));
      const [row] = await tx.insert(transactions).values(values).returning();
      await recordCreated(tx, row);
      try {
        await reservePayout(tx, row);
      } catch (err) {
        if (err instanceof WalletCannotCover) throw new RefundRace(insufficient(-1n));
        throw err;
      }
      return payoutCreatedView(row);
    }).then((result) => {
      if (!result.replayed) transactionCreated({ type: "refund", network: network.id, country: country.code, mode });
      return result;
    });
  } catch (err) {
    if (!(err instanceof RefundRace)) throw err;
    if (err.appError.code !== "insufficient_balance") throw err.appError;
    // The balance at the moment it was refused (the transaction rolled back).
    throw insufficient((await findWallet(db, walletKey))?.available ?? 0n);
  }
}

/** The service of the split (dashboard): the created refund in the 2.2 payout shape. */
export async function createRefund(db: Database, input: CreateRefundInput): Promise<PayoutCreatedView> {
  return (await createRefundOnce(db, input)).data;
}

