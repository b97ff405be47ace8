import { monotonicFactory } from "ulid";

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

const ulid = monotonicFactory();

export function newId(type: IdType): string {
  return `${idPrefixes[type]}_${ulid()}`;
}

export function hasPrefix(id: string, type: IdType): boolean {
  return id.startsWith(`${idPrefixes[type]}_`);
}
