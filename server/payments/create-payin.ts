import type { Database } from "../db/client";
import { transactionCreated, type TransactionLabels } from "../observability/metrics";
import { annotateSpan } from "../observability/tracing";
import { transactions, type Mode } from "../db/schema";
import { env } from "../env";
import { errors } from "../errors";
import { priceTransaction } from "../fees/quote";
import { newId } from "../ids";
import { routeFor } from "../connectors/registry";
import { checkRequestUrls, pendingTransactionColumns, requestedMinor, secondsFrom } from "./creation";
import { resolveDestination } from "./destination";
import { findIdempotentReplay, idempotencyScope, replaceIdempotentResponse } from "./idempotency";
import { isLiveConnector, submitAfterCommit } from "./live-rails";
import { payinAuthorization } from "./payin-authorization";
import type { PayinRequest } from "./create-payin.contract";
import { createResolvingAmbiguity } from "../db/resilience";
import { insertPayinBatched } from "./payin-batch";
import { noteCheckDue } from "./due-hints";
import { payinCreatedView, type PayinCreatedView } from "./api-views";
import { withSandboxDelay } from "./sandbox-delay";

export interface CreatePayinInput {
  merchantId: string;
  mode: Mode;
  request: PayinRequest;
  idempotencyKey?: string | null;
  /** Public origin of the service (hosted checkout links). */
  origin: string;
}

export interface CreationResult<T> {
  data: T;
  /** True when an Idempotency-Key replayed an earlier response. */
  replayed: boolean;
}

/**
 * POST /api/v1/merchant/payin. Checks in the order of D5 (after the schema's
 * validation): URLs (422), idempotency (409 / replay), limits (400), network
 * availability (503, nothing written). Then one database transaction writes the
 * payin, its first timeline row and the idempotency record.
 */
/** Counted (sika_transactions_created_total) and named on the request's span when a row was written. */
export function createPayin(db: Database, input: CreatePayinInput): Promise<CreationResult<PayinCreatedView>> {
  const seen: Partial<TransactionLabels> = {};
  return createPayinOnce(db, input, seen).then((result) => {
    if (!result.replayed && seen.network) {
      transactionCreated(seen as TransactionLabels);
      annotateSpan({ "sika.transaction_id": result.data.transaction_id });
    }
    return result;
  });
}

async function createPayinOnce(db: Database, input: CreatePayinInput, seen: Partial<TransactionLabels>): Promise<CreationResult<PayinCreatedView>> {
  const { request, mode } = input;
  const { country, limits, network, phone } = resolveDestination(request, "payin");
  Object.assign(seen, { type: "payin", network: network.id, country: country.code, mode });
  const urls = checkRequestUrls({ mode, callbackUrl: request.callback_url, returnUrl: request.return_url });
  if (urls) await urls;

  const idem = idempotencyScope({ merchantId: input.merchantId, mode, scope: "payin", key: input.idempotencyKey, request });
  if (idem) {
    const replay = await findIdempotentReplay(db, idem);
    if (replay !== null) return { data: replay as PayinCreatedView, replayed: true };
  }

  const price = await priceTransaction(db, { direction: "payin", country, limits, network: network.id, requested: requestedMinor(request.amount) });
  const chosen = await routeFor(mode, country.code, network.id, "payin");
  if (!chosen) throw errors.networkUnavailable();
  const { connector, route } = chosen;

  const id = newId("payin");
  const now = new Date();
  const omOtp = request.metadata.om_otp ?? null;
  const auth = payinAuthorization({
    transactionId: id,
    country,
    network,
    amount: price.amount,
    currency: price.currency,
    phone,
    omOtp,
    origin: input.origin,
  });
  const initiated = await connector.initiatePayin({
    transactionId: id,
    amount: price.amount,
    currency: price.currency,
    countryCode: country.code,
    network: network.id,
    phone,
    createdAt: now,
    authorization: network.authorization,
    omOtp,
  });
  const plan = withSandboxDelay(initiated, { mode, delayMs: request.metadata.sandbox_delay_ms, from: now });
  const expiresAt = secondsFrom(now, env().PAYIN_EXPIRY_SECONDS);

  // Object.assign, not spreads with new fields: those cost ~1.4 µs a field (api-views.ts).
  const values = Object.assign(
    pendingTransactionColumns({ id, merchantId: input.merchantId, mode, type: "payin", price, request, destination: { country, network, phone }, connector, route, plan, expiresAt, now }),
    {
      returnUrl: request.return_url ?? null,
      authMode: auth.authMode,
      instructions: auth.instructions,
      redirectUrl: auth.redirectUrl,
      // The authorization code is a credential: kept out of storage, only its presence noted.
      requestMetadata: Object.assign({}, request, { metadata: Object.assign({}, request.metadata, { om_otp: omOtp ? "[provided]" : null }) }),
    },
  );
  // A connection lost around the COMMIT leaves the outcome unknown: it is read back by
  // id and answered as stored, or 503 when nothing was (db/resilience.ts).
  const stored = (row: Parameters<typeof payinCreatedView>[0]) => ({ data: payinCreatedView(row), replayed: false });
  noteCheckDue(values.nextCheckAt);
  const created = await createResolvingAmbiguity(db, id, () => insertPayin(db, idem, values), stored);
  if (created.replayed || !isLiveConnector(connector)) return created;
  // Live rails: the operator is asked only now that the payin committed (D15); what it
  // answered (status, Wave's checkout URL as redirect_url) is the response, replays included.
  const after = await submitAfterCommit(db, id);
  if (!after) return created;
  const data = payinCreatedView(after);
  if (idem) await replaceIdempotentResponse(db, idem, data);
  return { data, replayed: false };
}

async function insertPayin(db: Database, idem: ReturnType<typeof idempotencyScope>, values: typeof transactions.$inferInsert): Promise<CreationResult<PayinCreatedView>> {
  // The one writer of a payin (issue 26): the group commit (payin-batch.ts), this payin,
  // its timeline row and its key record in one multi-row statement with the others
  // arriving meanwhile. A key found taken is replayed; should its record expire between
  // the batch's look and ours (24 h), the payin goes through the batch again.
  for (let attempt = 1; ; attempt++) {
    const outcome = await insertPayinBatched(db, { values, idem, responseOf: payinCreatedView });
    if (outcome.kind === "created") return { data: payinCreatedView(outcome.row), replayed: false };
    const replay = await findIdempotentReplay(db, idem!);
    if (replay !== null) return { data: replay as PayinCreatedView, replayed: true };
    if (attempt >= 3) throw new Error(`payin ${values.id}: its Idempotency-Key is neither free nor readable`);
  }
}
