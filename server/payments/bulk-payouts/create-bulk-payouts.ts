import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bulkPayoutBatches, type BulkPayoutBatch, type Mode, type Wallet } from "../../db/schema";
import { env } from "../../env";
import { AppError, errors } from "../../errors";
import { priceWithRule } from "../../fees/quote";
import { getFeeRule, type EffectiveFeeRule } from "../../fees/schedule";
import { zodToFieldErrors } from "../../contracts/validation";
import { newId } from "../../ids";
import { findWallet } from "../../ledger/wallets";
import { getMerchant } from "../../merchants/create-merchant";
import { toAmount } from "../../money";
import { payoutCreatedView } from "../api-views";
import type { CreationResult } from "../create-payin";
import { checkRequestUrls, planPayoutRow, requestedMinor, secondsFrom } from "../creation";
import { resolveDestination } from "../destination";
import { checkIdempotencyKey, requestHashOf } from "../idempotency";
import { reservePayoutBatched, type PayoutReservation, type ReservationOutcome } from "../payout-batch";
import { payoutBody, type PayoutRequest } from "../create-payout.contract";
import { transactionCreated } from "../../observability/metrics";
import type { BulkBatchCreated, BulkCreatedItem, BulkErrorItem } from "./bulk-views";
import { holdFor, openApproval, settleBulkApproval, voidApproval, type HoldRequester } from "../approvals/hold";
import type { Minor } from "../../money";

export const MAX_BULK_ITEMS = 1000;

export interface CreateBulkPayoutsInput {
  merchantId: string;
  mode: Mode;
  /** The request's `payouts`: each a 4.1 body, validated here one by one. */
  items: unknown[];
  idempotencyKey?: string | null;
  keyId?: string;
  /** Who asks, for payout approvals (issue 22): the whole batch is held when a currency total is over its threshold. */
  requester?: HoldRequester;
}

export const bulkErrors = {
  inProgress: () => new AppError("conflict", "A bulk payout with this Idempotency-Key is still being processed"),
};

/**
 * What is recorded per item on the batch row, in order (the GET view is rebuilt from it).
 * A refused item keeps the body it was sent with (`request`, never part of the API view):
 * the dashboard sends failed lines again as a new batch, also after a reload. An accepted
 * item's body is its payout's own `request_metadata`.
 */
export type StoredItem = { index: number; order_id: string | null; transaction_id: string } | (BulkErrorItem & { request?: unknown });

function errorItem(index: number, orderId: string | null, err: unknown): BulkErrorItem {
  if (!(err instanceof AppError) || (err.status >= 500 && err.code !== "network_unavailable")) throw err;
  return { index, order_id: orderId, http_status: err.status, status: "error", message: err.message, data: (err.data ?? null) as BulkErrorItem["data"] };
}

const orderIdOf = (item: unknown): string | null => {
  const v = item && typeof item === "object" ? (item as Record<string, unknown>).order_id : null;
  return typeof v === "string" ? v : null;
};

/**
 * POST /api/v1/merchant/payouts/bulk (D16). Every item is checked on its own exactly as
 * POST /api/v1/merchant/payout checks a body (422 validation, 400 limits, 503 network,
 * 400 balance) and, in addition, must carry an `order_id` unique within the batch.
 * Accepted items are reserved through the same per-wallet batching as single payouts
 * (payout-batch.ts): the wallet row is locked once per flush of up to 200, items are
 * taken in request order while the balance covers them, and each refused one gets the
 * 400 with the balance left at its turn. KYC (live) is checked once for the batch (403).
 *
 * Idempotency-Key: the batch row is inserted first with the key (unique per merchant and
 * mode), so a concurrent duplicate creates nothing; once complete, the same key and body
 * replay the recorded answer, another body is a 409. Keys of bulk batches do not expire.
 */
export async function createBulkPayoutsOnce(db: Database, input: CreateBulkPayoutsInput): Promise<CreationResult<BulkBatchCreated>> {
  const { merchantId, mode, items } = input;
  const key = input.idempotencyKey ?? null;
  if (key !== null) checkIdempotencyKey(key);
  // Only a key needs the hash (canonical JSON of up to 1,000 bodies is not free).
  const requestHash = key !== null ? requestHashOf(items) : "";
  if (key !== null) {
    const replay = await findBatchReplay(db, { merchantId, mode, key, requestHash });
    if (replay) return { data: replay, replayed: true };
  }
  if (mode === "live") {
    const merchant = await getMerchant(db, merchantId);
    if (merchant?.kycStatus !== "approved") throw errors.kycRequired();
  }

  const batchId = newId("bulkPayoutBatch");
  const now = new Date();
  const inserted = await db
    .insert(bulkPayoutBatches)
    .values({ id: batchId, merchantId, mode, idempotencyKey: key, requestHash, itemCount: items.length, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: bulkPayoutBatches.id });
  if (!inserted.length) {
    const replay = await findBatchReplay(db, { merchantId, mode, key: key!, requestHash });
    if (replay) return { data: replay, replayed: true };
    throw bulkErrors.inProgress();
  }

  const results = await processItems(db, { merchantId, mode, batchId, items, now, requester: input.requester });
  let accepted = 0;
  for (const r of results) {
    if (r.status !== "success") continue;
    accepted++;
    transactionCreated({ type: "payout", network: r.data.metadata.network, country: r.data.metadata.country_code, mode });
  }
  const response: BulkBatchCreated = {
    batch_id: batchId,
    total: items.length,
    accepted,
    rejected: items.length - accepted,
    created_at: now.toISOString(),
    items: results,
  };
  const stored: StoredItem[] = results.map((r) =>
    r.status === "success" ? { index: r.index, order_id: r.order_id, transaction_id: r.data.transaction_id } : { ...r, request: items[r.index] ?? null },
  );
  await db
    .update(bulkPayoutBatches)
    .set({ acceptedCount: accepted, rejectedCount: response.rejected, results: stored, response: key !== null ? response : null, updatedAt: new Date() })
    .where(eq(bulkPayoutBatches.id, batchId));
  return { data: response, replayed: false };
}

/** The service of the split (dashboard): the batch answer. */
export async function createBulkPayouts(db: Database, input: CreateBulkPayoutsInput): Promise<BulkBatchCreated> {
  return (await createBulkPayoutsOnce(db, input)).data;
}

/**
 * Payout approvals (issue 22): when a currency's total is over its threshold, the whole
 * batch waits for a second owner. Its approval row is written before the reservations,
 * and every item is reserved without a next check or an expiry (approvals/hold.ts).
 */
async function holdBatch(
  db: Database,
  ctx: { merchantId: string; mode: Mode; batchId: string; requester: HoldRequester },
  prepared: Prepared[],
): Promise<{ approvalId: string; currency: string } | null> {
  const totals = new Map<string, Minor>();
  for (const p of prepared) if (p.kind === "ready") totals.set(p.currency, (totals.get(p.currency) ?? 0n) + (p.values.amount as Minor));
  const over = await holdFor(db, { merchantId: ctx.merchantId, mode: ctx.mode, requester: ctx.requester, totals });
  if (!over) return null;
  const ready = prepared.filter((p) => p.kind === "ready");
  const approvalId = await openApproval(db, { merchantId: ctx.merchantId, mode: ctx.mode, requester: ctx.requester, ...over, itemCount: ready.length, bulkBatchId: ctx.batchId });
  for (const p of ready) p.values = { ...p.values, nextCheckAt: null, expiresAt: null };
  return { approvalId, currency: over.currency };
}

async function findBatchReplay(
  db: Database,
  s: { merchantId: string; mode: Mode; key: string; requestHash: string },
): Promise<BulkBatchCreated | null> {
  const [row]: BulkPayoutBatch[] = await db
    .select()
    .from(bulkPayoutBatches)
    .where(and(eq(bulkPayoutBatches.merchantId, s.merchantId), eq(bulkPayoutBatches.mode, s.mode), eq(bulkPayoutBatches.idempotencyKey, s.key)))
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== s.requestHash) throw errors.idempotencyConflict();
  if (!row.response) throw bulkErrors.inProgress();
  return row.response as BulkBatchCreated;
}

type Prepared =
  | { kind: "error"; item: BulkErrorItem }
  | { kind: "ready"; index: number; orderId: string; walletId: string | null; values: PayoutReservation["values"]; currency: string };

/**
 * Two phases. First every item on its own (validation, destination, limits, price,
 * network, the connector's plan), concurrently; then the accepted ones are queued for
 * reservation in request order, so the wallet serves them first come first served.
 */
async function processItems(
  db: Database,
  ctx: { merchantId: string; mode: Mode; batchId: string; items: unknown[]; now: Date; requester?: HoldRequester },
): Promise<(BulkCreatedItem | BulkErrorItem)[]> {
  const { merchantId, mode, now, batchId } = ctx;
  const expiresAt = secondsFrom(now, env().PAYOUT_TIMEOUT_SECONDS);
  // Looked up once per batch: fee rules per (country, network, currency), wallets per currency.
  const rules = new Map<string, Promise<EffectiveFeeRule>>();
  const wallets = new Map<string, Promise<Wallet | undefined>>();
  const seenOrderIds = new Set<string>();
  const memo = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let p = map.get(key);
    if (!p) map.set(key, (p = load()));
    return p;
  };

  const prepare = async (raw: unknown, index: number): Promise<Prepared> => {
    const orderId = orderIdOf(raw);
    try {
      // Synchronous up to the first await, so the order_id uniqueness runs in request order.
      const parsed = payoutBody.safeParse(raw, { reportInput: true });
      const fields = parsed.success ? {} : zodToFieldErrors(parsed.error);
      if (orderId === null || orderId.trim() === "") {
        if (!fields.order_id) fields.order_id = ["The order_id field is required."];
      } else if (seenOrderIds.has(orderId)) (fields.order_id ??= []).push("The order_id field must be unique within the batch.");
      if (orderId) seenOrderIds.add(orderId);
      if (!parsed.success || Object.keys(fields).length) throw errors.validation(fields);
      const request: PayoutRequest = parsed.data;
      const { country, limits, network, phone } = resolveDestination(request, "payout");
      await checkRequestUrls({ mode, callbackUrl: request.callback_url });
      const rule = await memo(rules, `${country.code}:${network.id}:${limits.currency}`, () =>
        getFeeRule(db, { direction: "payout", countryCode: country.code, network: network.id, currency: limits.currency }),
      );
      const price = priceWithRule({ country, limits, network: network.id, requested: requestedMinor(request.amount) }, rule);
      const wallet = await memo(wallets, price.currency, () => findWallet(db, { merchantId, mode, currency: price.currency }));
      const id = newId("payout");
      const { values: planned } = await planPayoutRow({ id, merchantId, mode, type: "payout", price, request, destination: { country, network, phone }, expiresAt, now, beneficiary: request.metadata.beneficiary.trim() });
      const values = {
        ...planned,
        requestMetadata: request,
        bulkBatchId: batchId,
      };
      return { kind: "ready", index, orderId: orderId!, walletId: wallet?.id ?? null, values, currency: price.currency };
    } catch (err) {
      return { kind: "error", item: errorItem(index, orderId, err) };
    }
  };

  const prepared = await Promise.all(ctx.items.map(prepare));
  const hold = ctx.requester ? await holdBatch(db, ctx as Required<typeof ctx>, prepared) : null;
  // Queued in request order (reservePayoutBatched enqueues synchronously).
  const outcomes = prepared.map((p) =>
    p.kind === "ready" && p.walletId ? reservePayoutBatched(db, p.walletId, { values: p.values, idem: null, responseOf: payoutCreatedView }) : null,
  );
  let settled: (ReservationOutcome | null)[];
  try {
    settled = await Promise.all(outcomes.map((o) => o ?? Promise.resolve(null)));
  } catch (err) {
    if (hold) await voidApproval(db, hold.approvalId).catch(() => {});
    throw err;
  }
  if (hold) {
    const created = settled.filter((o, i) => o?.kind === "created" && prepared[i].kind === "ready" && (prepared[i] as { currency: string }).currency === hold.currency);
    const amount = created.reduce((sum, o) => sum + (o?.kind === "created" ? o.row.amount : 0n), 0n);
    await settleBulkApproval(db, hold.approvalId, { count: settled.filter((o) => o?.kind === "created").length, amount });
  }
  return prepared.map((p, i): BulkCreatedItem | BulkErrorItem => {
    if (p.kind === "error") return p.item;
    const outcome: ReservationOutcome | null = settled[i];
    if (outcome?.kind === "created") {
      return { index: p.index, order_id: p.orderId, http_status: 200, status: "success", message: "Payout initiated", data: payoutCreatedView(outcome.row) };
    }
    const available = outcome?.kind === "insufficient" ? outcome.available : 0n;
    return errorItem(
      p.index,
      p.orderId,
      errors.insufficientBalance({ required_amount: toAmount(p.values.chargedAmount), available_balance: toAmount(available), currency: p.currency }),
    );
  });
}
