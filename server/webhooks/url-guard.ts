import dns from "node:dns";
import net from "node:net";
import type { Mode } from "../db/schema";
import { env } from "../env";

/**
 * Callback / webhook URL policy (D6, D10) and the SSRF guard behind it.
 *
 * Live mode accepts only https URLs whose host is, or resolves only to, public addresses,
 * whatever the settings. Test mode accepts http and https; whether it may reach loopback,
 * private, link-local, CGNAT or unique-local addresses is `privateTargetsAllowed` (D14):
 * yes in development (a developer's receiver on localhost), no in production unless the
 * operator sets ALLOW_PRIVATE_WEBHOOK_URLS=1 (self-hosted receivers on their own network).
 * Without it, anyone who signs up could make the server request internal addresses in
 * test mode and read the answer back in the delivery log. The check runs twice: when the
 * URL is given (callbackUrlProblem → 422) and again when delivering, where
 * `publicOnlyLookup` is the socket's DNS lookup, so the address actually connected to is
 * the one that was checked (a DNS answer that changed in between cannot reach inside).
 */

/** Ranges that are not globally reachable (IANA special-purpose registries). */
const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(addr, prefix, "ipv4");
}
for (const [addr, prefix] of [
  ["64:ff9b::", 96], // NAT64: would reach any IPv4, private ones included
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo 2001::/32 included)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(addr, prefix, "ipv6");
}
/** Global unicast IPv6 lives in 2000::/3; everything outside it (::1, ::, mapped…) is special. */
const globalUnicastV6 = new net.BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");

const MAPPED_V4 = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address inside an IPv4-mapped (or -translated) IPv6 address, if any. */
function embeddedIpv4(ip: string): string | null {
  const dotted = MAPPED_V4.exec(ip);
  if (dotted) return dotted[1];
  const hex = MAPPED_V4_HEX.exec(ip);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** True when `ip` (a literal IPv4 or IPv6 address) is globally reachable. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  // IPv4-mapped: judged by the IPv4 address it carries (::ffff:127.0.0.1 is loopback).
  if (v4) return isPublicAddress(v4);
  if (!globalUnicastV6.check(bare, "ipv6")) return false;
  return !blocked.check(bare, "ipv6");
}

/** A hostname as sockets want it: without IPv6 brackets. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "");
}

const LOOKUP_TIMEOUT_MS = 2000;

type LookupResult = { ok: true; addresses: string[] } | { ok: false; error: string };

async function resolveAll(host: string): Promise<LookupResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LookupResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: "DNS lookup timed out" }), LOOKUP_TIMEOUT_MS);
  });
  const lookup = dns.promises
    .lookup(host, { all: true, verbatim: true })
    .then((list): LookupResult => ({ ok: true, addresses: list.map((a) => a.address) }))
    .catch((err: NodeJS.ErrnoException): LookupResult => ({ ok: false, error: `DNS lookup failed (${err.code ?? err.message})` }));
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** May a webhook of this mode reach non-public addresses? Never in live mode (D14). */
export function privateTargetsAllowed(mode: Mode): boolean {
  if (mode === "live") return false;
  const e = env();
  if (e.ALLOW_PRIVATE_WEBHOOK_URLS !== undefined) return e.ALLOW_PRIVATE_WEBHOOK_URLS === "1";
  return e.NODE_ENV !== "production";
}

/**
 * A URL as it may be shown back (delivery log, dashboard): userinfo credentials replaced by
 * `***` so a password embedded in a receiver URL is never displayed or logged.
 */
export function redactUrl(url: string): string;
export function redactUrl(url: string | null): string | null;
export function redactUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = "***";
    parsed.password = "";
    return parsed.href;
  } catch {
    // Not parseable: cut anything that looks like userinfo before the host.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, "$1***@");
  }
}

/**
 * Returns a field message when the URL is not acceptable for the mode, null when it is.
 * Live mode: https only; an IP-literal host (every numeric spelling, which WHATWG URL
 * normalises: 2130706433, 0177.0.0.1 and 0x7f.1 all become 127.0.0.1) must be public; a
 * name must not resolve to any non-public address. A name that does not resolve right
 * now is accepted: payment creation must not depend on the merchant's DNS being up, and
 * the connect-time check still refuses whatever it later resolves to if that is not public.
 */
export async function callbackUrlProblem(url: string, mode: Mode, field = "callback_url"): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The ${field} field must be a valid URL.`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `The ${field} field must be a valid URL.`;
  if (!parsed.hostname) return `The ${field} field must be a valid URL.`;
  if (privateTargetsAllowed(mode)) return null;
  if (mode === "live" && parsed.protocol !== "https:") return `The ${field} field must be an https URL in live mode.`;
  const host = bareHost(parsed.hostname);
  const notPublic =
    mode === "live"
      ? `The ${field} field must point to a public address in live mode.`
      : `The ${field} field must point to a public address (loopback and private networks are refused; see ALLOW_PRIVATE_WEBHOOK_URLS).`;
  if (net.isIP(host)) return isPublicAddress(host) ? null : notPublic;
  if (/^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) return notPublic;
  const resolved = await resolveAll(host);
  if (resolved.ok && resolved.addresses.some((a) => !isPublicAddress(a))) return notPublic;
  return null;
}

/** The error a blocked connection fails with; its message lands in the attempt log. */
export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  constructor(host: string, address: string) {
    super(`blocked: ${host} resolves to non-public address ${address}`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets (http.request / Agent) that resolves the name and refuses the
 * connection when any address is not public, so live-mode deliveries connect only to
 * addresses that passed the check (DNS rebinding cannot slip a private address in).
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new BlockedAddressError(hostname, bad.address), "", 4);
    if (list.length === 0) return callback(Object.assign(new Error(`DNS lookup failed for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
