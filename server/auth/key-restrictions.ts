import net from "node:net";
import { AppError } from "../errors";
import type { ApiKeyScope } from "../vocabulary";

/**
 * Restricted API keys (issue 22): a key is `full` or `read_only`, and may carry an IP
 * allow-list (CIDRs). Called from the key authentication step (server/http/request-auth.ts)
 * with what the endpoint needs; a refusal is a 403 in the envelope, before the body is read.
 *
 *   read      GET operations: transactions, balances, statements, fees, refunds list, batches
 *   write     everything else: payin, payout, bulk, refund, finalize, resend-webhook
 *   full      operations a read-only key may never use, whatever the method (key management)
 */
export type KeyAccess = "read" | "write" | "full";

export const keyRestrictionErrors = {
  readOnly: () =>
    new AppError(
      "forbidden",
      "This API key is read-only: it can read transactions, balances and statements, but cannot create payins, payouts or refunds or change settings. Use a full-access key.",
    ),
  fullOnly: () => new AppError("forbidden", "Only a full-access API key can manage API keys. This key is read-only."),
  addressNotAllowed: (address: string) =>
    new AppError("forbidden", `This API key is not allowed from address ${address}. Add the address to the key's IP allow-list, or use another key.`),
};

export interface KeyRestrictions {
  scope: ApiKeyScope;
  allowedIps: string[] | null;
}

/** At most this many CIDRs per key (a list, not a firewall). */
export const MAX_ALLOWED_IPS = 20;

/** "10.0.0.0/8", "203.0.113.7", "2001:db8::/32" → its family, network address and prefix; null when not a CIDR. */
export function parseCidr(input: string): { family: "ipv4" | "ipv6"; address: string; prefix: number } | null {
  const [address, prefixText, ...rest] = input.trim().split("/");
  if (rest.length || !address) return null;
  const version = net.isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { family: version === 4 ? "ipv4" : "ipv6", address, prefix };
}

/**
 * Checks and normalises an allow-list typed by a person (commas, spaces or new lines
 * between entries). Returns the entries, or the message for the field.
 */
export function normaliseAllowedIps(input: string[] | string | null | undefined): { ok: true; value: string[] | null } | { ok: false; message: string } {
  const parts = (Array.isArray(input) ? input : (input ?? "").split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean);
  if (!parts.length) return { ok: true, value: null };
  if (parts.length > MAX_ALLOWED_IPS) return { ok: false, message: `At most ${MAX_ALLOWED_IPS} addresses or ranges per key.` };
  const out: string[] = [];
  for (const p of parts) {
    const cidr = parseCidr(p);
    if (!cidr) return { ok: false, message: `"${p.slice(0, 60)}" is not an IP address or CIDR range (like 203.0.113.7 or 10.0.0.0/8).` };
    const text = `${cidr.address}/${cidr.prefix}`;
    if (!out.includes(text)) out.push(text);
  }
  return { ok: true, value: out };
}

const lists = new WeakMap<string[], net.BlockList>();
function blockListOf(allowed: string[]): net.BlockList {
  let list = lists.get(allowed);
  if (!list) {
    list = new net.BlockList();
    for (const entry of allowed) {
      const cidr = parseCidr(entry);
      if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
    }
    lists.set(allowed, list);
  }
  return list;
}

/** Whether `address` (as clientAddress() reports it) is inside the allow-list. IPv4-mapped IPv6 counts as IPv4. */
export function addressAllowed(allowed: string[], address: string): boolean {
  const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  const version = net.isIP(plain);
  if (!version) return false;
  return blockListOf(allowed).check(plain, version === 4 ? "ipv4" : "ipv6");
}

/** The 403 for this key on an endpoint needing `access` from `address`, or null when allowed. */
export function keyRefusal(key: KeyRestrictions, access: KeyAccess, address: string): AppError | null {
  if (key.allowedIps && !addressAllowed(key.allowedIps, address)) return keyRestrictionErrors.addressNotAllowed(address);
  if (key.scope === "read_only" && access === "full") return keyRestrictionErrors.fullOnly();
  if (key.scope === "read_only" && access === "write") return keyRestrictionErrors.readOnly();
  return null;
}

/** What an endpoint needs by default: GET reads, anything else writes. */
export function accessOf(method: string, declared?: KeyAccess): KeyAccess {
  return declared ?? (method === "GET" || method === "HEAD" ? "read" : "write");
}
