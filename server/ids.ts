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
} as const;

export type IdType = keyof typeof idPrefixes;

/**
 * Monotonic ULIDs (the `ulid` package's format and ordering: 10 characters of
 * millisecond time, 16 of randomness, Crockford base32; within one millisecond the
 * random part counts up). The package draws one crypto random value per character,
 * which showed in request profiles; here randomness comes from a pooled buffer.
 */
const ENCODING = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
let lastTime = -1;
/** The 16 random characters as 5-bit values, kept to increment within a millisecond. */
const lastRandom = new Uint8Array(16);

function randomFive(): number {
  if (poolAt >= pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++] & 31;
}

function ulid(): string {
  let now = Date.now();
  if (now <= lastTime) {
    // Same (or an earlier, clock stepped back) millisecond: the previous value plus one.
    now = lastTime;
    let i = 15;
    while (i >= 0 && lastRandom[i] === 31) lastRandom[i--] = 0;
    if (i < 0) throw new Error("ULID random part overflowed within one millisecond");
    lastRandom[i]++;
  } else {
    lastTime = now;
    for (let i = 0; i < 16; i++) lastRandom[i] = randomFive();
  }
  if (now !== timeTextOf) {
    timeTextOf = now;
    timeText = "";
    for (let shift = 45; shift >= 0; shift -= 5) timeText += ENCODING[Math.floor(now / 2 ** shift) % 32];
  }
  let out = timeText;
  for (let i = 0; i < 16; i++) out += ENCODING[lastRandom[i]];
  return out;
}
let timeTextOf = -1;
let timeText = "";

export function newId(type: IdType): string {
  return `${idPrefixes[type]}_${ulid()}`;
}

export function hasPrefix(id: string, type: IdType): boolean {
  return id.startsWith(`${idPrefixes[type]}_`);
}
