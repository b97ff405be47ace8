import type { Database } from "../db/client";
import { transactionCreated, type TransactionLabels } from "../observability/metrics";
import { annotateSpan } from "../observability/tracing";
import type { Mode } from "../db/schema";
import { env } from "../env";
import { errors } from "../errors";
import { priceTransaction } from "../fees/quote";
import { newId } from "../ids";
import { forgetWalletId, knownWalletId, lookAtWallet, WalletGone } from "../ledger/wallets";
import { getMerchant } from "../merchants/create-merchant";
import { toAmount, type Minor } from "../money";
import type { CreationResult } from "./create-payin";
import { checkRequestUrls, planPayoutRow, requestedMinor, secondsFrom } from "./creation";
import { resolveDestination } from "./destination";
import { findIdempotentReplay, idempotencyScope, replaceIdempotentResponse } from "./idempotency";
import { isLiveConnector, submitAfterCommit } from "./live-rails";
import { noteCheckDue } from "./due-hints";
import { reservePayoutBatched } from "./payout-batch";
import type { PayoutRequest } from "./create-payout.contract";
import { payoutCreatedView, type PayoutCreatedView } from "./api-views";
import { holdFor, openApproval, voidApproval, type HoldRequester } from "./approvals/hold";

export interface CreatePayoutInput {
  merchantId: string;
  mode: Mode;
  request: PayoutRequest;
  idempotencyKey?: string | null;
  /** Who asks, for payout approvals (issue 22): held when over the merchant's threshold. */
  requester?: HoldRequester;
}

export type CreatedPayout = CreationResult<PayoutCreatedView> & { approvalId?: string };

async function insufficientBalance(db: Database, input: { merchantId: string; mode: Mode; currency: string }, required: Minor) {
  const wallet = await lookAtWallet(db, input);
  return errors.insufficientBalance({
    required_amount: toAmount(required),
    available_balance: toAmount(wallet?.available ?? 0n),
    currency: input.currency,
  });
}

/**
 * POST /api/v1/merchant/payout. Checks in the order of D5: URLs (422), idempotency
 * (409 / replay), limits (400), KYC in live mode (403), balance (400), network
 * availability (503, nothing written). The reservation of charged_amount (available ->
 * in_flight) is in the same database transaction as the payout row, taken under the
 * wallet's row lock together with the other payouts of that wallet waiting at the same
 * moment (payout-batch.ts); the wallet's CHECK constraint backs it up, so the wallet never
 * goes below zero and a refused payout leaves nothing behind.
 */
/** Counted (sika_transactions_created_total) and named on the request's span when a row was written. */
export function createPayout(db: Database, input: CreatePayoutInput): Promise<CreatedPayout> {
  const seen: Partial<TransactionLabels> = {};
  // A wallet id known from an earlier look whose row is gone (a test-mode reset): once
  // more, with a look (nothing was written).
  const once = () => createPayoutOnce(db, input, seen);
  return once().catch((err: unknown) => (err instanceof WalletGone ? once() : Promise.reject(err))).then((result) => {
    if (!result.replayed && seen.network) {
      transactionCreated(seen as TransactionLabels);
      annotateSpan({ "sika.transaction_id": result.data.transaction_id });
    }
    return result;
  });
}

async function createPayoutOnce(db: Database, input: CreatePayoutInput, seen: Partial<TransactionLabels>): Promise<CreatedPayout> {
  const { request, mode, merchantId } = input;
  const { country, limits, network, phone } = resolveDestination(request, "payout");
  Object.assign(seen, { type: "payout", network: network.id, country: country.code, mode });
  await checkRequestUrls({ mode, callbackUrl: request.callback_url });

  const idem = idempotencyScope({ merchantId, mode, scope: "payout", key: input.idempotencyKey, request });
  if (idem) {
    const replay = await findIdempotentReplay(db, idem);
    if (replay !== null) return { data: replay as PayoutCreatedView, replayed: true };
  }

  const price = await priceTransaction(db, { direction: "payout", country, limits, network: network.id, requested: requestedMinor(request.amount) });
  const walletKey = { merchantId, mode, currency: price.currency };

  if (mode === "live") {
    const merchant = await getMerchant(db, merchantId);
    if (merchant?.kycStatus !== "approved") throw errors.kycRequired();
  }
  // The balance (400) is answered before the 503 of an unavailable network (D5). A
  // wallet looked at before: its batch's reservation, under the wallet's lock, is the
  // check (a refused payout there is the same 400), and a look is taken only when
  // something else would answer first. Otherwise a first, lock-free look.
  const short = async () => {
    const wallet = await lookAtWallet(db, walletKey);
    return !wallet || wallet.available < price.chargedAmount;
  };
  let walletId = knownWalletId(walletKey);
  const looked = !walletId;
  if (!walletId) {
    const wallet = await lookAtWallet(db, walletKey);
    if (!wallet || wallet.available < price.chargedAmount) throw await insufficientBalance(db, walletKey, price.chargedAmount);
    walletId = wallet.id;
  }

  const id = newId("payout");
  const now = new Date();
  const expiresAt = secondsFrom(now, env().PAYOUT_TIMEOUT_SECONDS);
  const destination = { country, network, phone };
  const planned = await planPayoutRow({ id, merchantId, mode, type: "payout", price, request, destination, expiresAt, now, beneficiary: request.metadata.beneficiary.trim() }).catch(async (err: unknown) => {
    if (!looked && (await short())) throw await insufficientBalance(db, walletKey, price.chargedAmount);
    throw err;
  });
  const connector = planned.connector;
  // Payout approvals (issue 22): over the threshold, the approval row first, then the
  // payout reserved as usual but with no next check and no expiry (approvals/hold.ts).
  // An approval is opened only for a payout the wallet covers now.
  const hold = input.requester ? await holdFor(db, { merchantId, mode, requester: input.requester, totals: new Map([[price.currency, price.amount]]) }) : null;
  if (hold && !looked && (await short())) throw await insufficientBalance(db, walletKey, price.chargedAmount);
  const approvalId = hold && input.requester ? await openApproval(db, Object.assign({ merchantId, mode, requester: input.requester }, hold, { itemCount: 1, transactionId: id })) : undefined;
  const values = Object.assign({}, planned.values, { requestMetadata: request });
  if (approvalId) Object.assign(values, { nextCheckAt: null, expiresAt: null });
  // The payout row, its timeline row, the reservation and the Idempotency-Key record in
  // one database transaction, shared with the payouts of the same wallet that arrive
  // meanwhile (payout-batch.ts: one wallet lock per batch instead of one per payout).
  noteCheckDue(values.nextCheckAt);
  let outcome: Awaited<ReturnType<typeof reservePayoutBatched>>;
  try {
    outcome = await reservePayoutBatched(db, walletId, { values, idem, responseOf: payoutCreatedView });
  } catch (err) {
    if (approvalId) await voidApproval(db, approvalId).catch(() => {});
    if (err instanceof WalletGone) forgetWalletId(walletKey);
    throw err;
  }
  if (approvalId && outcome.kind !== "created") await voidApproval(db, approvalId);
  switch (outcome.kind) {
    case "created": {
      // Held: nothing is sent until a second owner approves (approvals/decide.ts).
      if (approvalId) return { data: payoutCreatedView(outcome.row), replayed: false, approvalId };
      if (!isLiveConnector(connector)) return { data: payoutCreatedView(outcome.row), replayed: false };
      // Live rails: submitted only now that the reservation committed (D15).
      const after = (await submitAfterCommit(db, id)) ?? outcome.row;
      const data = payoutCreatedView(after);
      if (idem) await replaceIdempotentResponse(db, idem, data);
      return { data, replayed: false };
    }
    case "insufficient":
      throw errors.insufficientBalance({
        required_amount: toAmount(price.chargedAmount),
        available_balance: toAmount(outcome.available),
        currency: price.currency,
      });
    case "idempotent": {
      // Another request holds the key: its response again, or 409 for another body.
      const replay = idem ? await findIdempotentReplay(db, idem) : null;
      if (replay === null) throw new Error("idempotency key taken but no response recorded");
      return { data: replay as PayoutCreatedView, replayed: true };
    }
  }
}
