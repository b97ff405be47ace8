import crypto from "node:crypto";

/**
 * Every id we hand out is a type prefix + a ULID, so ids sort by creation time and
 * a glance tells what an id points at. One map, so no two types share a prefix.
 */
export const idPrefixes = {
  merchant: "mer",
  user: "usr",
  apiKey: "key",
  payin: "pi",
  payout: "po",
  refund: "rf",
  bulkPayoutBatch: "bat",
  wallet: "wal",
  ledgerTransfer: "ltr",
  ledgerEntry: "len",
  webhookEvent: "msg",
  transactionEvent: "tev",
  webhookAttempt: "att",
  invitation: "inv",
  kycSubmission: "kyc",
  fee: "fee",
  request: "req",
  auditEntry: "aud",
  payoutApproval: "apr",
  requestLog: "rql",
  webhookEndpoint: "we",
  userSession: "ses",
  // Issue 25: the status page.
  statusIncident: "inc",
  statusIncidentUpdate: "inu",
  statusSubscriber: "sub",
  accountToken: "atk",
  recoveryCode: "rec",
  userDevice: "dev",
  paymentLink: "pl",
  checkoutSession: "cs",
  bankAccount: "ba",
  settlement: "st",
  settlementSchedule: "sts",
} as const;

export type IdType = keyof typeof idPrefixes;

/**
 * ULIDs (the `ulid` package's format: 10 characters of millisecond time, 16 of
 * randomness, Crockford base32).
 *
 * Ids that name something a stranger could open (payins and payouts appear in the
 * public hosted-checkout URL; merchants, users, keys, invitations, KYC) draw 80 fresh
 * random bits each, even within one millisecond: a neighbour's id cannot be derived from
 * one's own. (A monotonic factory makes two ids of the same millisecond differ by 1.)
 *
 * Row ids of append-only logs (transaction events, ledger entries and transfers, webhook
 * events and attempts) stay monotonic within the process: several are written in one
 * database transaction with the same created_at, and their order is read back by id.
 * They are never a capability: reading one needs the owning merchant's key or session.
 * Randomness comes from a pooled crypto buffer: one randomFill per 4 KB, not per id.
 */
const ENCODING = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomFive(): number {
  if (poolAt >= pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++] & 31;
}

let timeTextOf = -1;
let timeText = "";

function timePart(now: number): string {
  if (now !== timeTextOf) {
    timeTextOf = now;
    timeText = "";
    for (let shift = 45; shift >= 0; shift -= 5) timeText += ENCODING[Math.floor(now / 2 ** shift) % 32];
  }
  return timeText;
}

/** Time prefix + 80 fresh random bits. */
function randomUlid(): string {
  let out = timePart(Date.now());
  for (let i = 0; i < 16; i++) out += ENCODING[randomFive()];
  return out;
}

let lastTime = -1;
/** The 16 random characters as 5-bit values, kept to increment within a millisecond. */
const lastRandom = new Uint8Array(16);

/** Monotonic within the process: same millisecond → the previous random part plus one. */
function monotonicUlid(): string {
  let now = Date.now();
  if (now <= lastTime) {
    now = lastTime;
    let i = 15;
    while (i >= 0 && lastRandom[i] === 31) lastRandom[i--] = 0;
    if (i < 0) throw new Error("ULID random part overflowed within one millisecond");
    lastRandom[i]++;
  } else {
    lastTime = now;
    for (let i = 0; i < 16; i++) lastRandom[i] = randomFive();
  }
  let out = timePart(now);
  for (let i = 0; i < 16; i++) out += ENCODING[lastRandom[i]];
  return out;
}

/** Log rows whose order within one millisecond is read back by id (see above). */
const SEQUENCED: ReadonlySet<IdType> = new Set<IdType>(["transactionEvent", "auditEntry", "ledgerEntry", "ledgerTransfer", "webhookEvent", "webhookAttempt", "requestLog"]);

export function newId(type: IdType): string {
  return `${idPrefixes[type]}_${SEQUENCED.has(type) ? monotonicUlid() : randomUlid()}`;
}

/**
 * The lowest id of `type` made at `at` or later: ids sort by their time part, so
 * `id < idFloor(type, cutoff)` selects what was made before the cutoff through the
 * primary key (the 30-day retention of request logs and events, issue 23).
 */
export function idFloor(type: IdType, at: Date): string {
  let out = "";
  const ms = at.getTime();
  for (let shift = 45; shift >= 0; shift -= 5) out += ENCODING[Math.floor(ms / 2 ** shift) % 32];
  return `${idPrefixes[type]}_${out}${"0".repeat(16)}`;
}
