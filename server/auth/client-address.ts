import crypto from "node:crypto";
import type http from "node:http";
import { env } from "../env";

/**
 * The client's address for abuse limits, audit rows and session lists (issue 19 §4).
 *
 * Our servers (`npm start`'s production server and the lean node:http entry) know the TCP
 * peer. Unless TRUSTED_PROXIES says how many proxies of ours stand in front, that peer IS
 * the client, and X-Forwarded-For is the client's own word (12 invented addresses must not
 * buy 12 sign-up budgets). With TRUSTED_PROXIES=n, the client is the address n hops in from
 * the right of `X-Forwarded-For + peer` (each trusted proxy appends the address it saw).
 *
 * The servers compute it once per request from the socket (`stampClientAddress`) and hand
 * it to the route modules (lean) and to Next (dashboard, tRPC, next-auth) in a request
 * header whose value carries a per-process random tag: a client sending that header itself
 * cannot forge the tag, so only the server's own stamp counts. The tag lives on globalThis
 * because Next's bundled copy of this module and the server's copy share the process, not
 * their module instances.
 */
export const CLIENT_ADDRESS_HEADER = "x-sika-client-address";

const TAG_KEY = Symbol.for("sika.clientAddressTag");
function processTag(): string {
  const g = globalThis as { [TAG_KEY]?: string };
  g[TAG_KEY] ??= crypto.randomBytes(12).toString("base64url");
  return g[TAG_KEY];
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; trimmed and cut to 64 characters. */
function tidy(address: string | undefined | null): string | undefined {
  const a = address?.trim();
  if (!a) return undefined;
  return (a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a).slice(0, 64);
}

/** The client's address from the TCP peer, the forwarded chain and the number of trusted proxies. */
export function addressFromHops(peer: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string {
  const socket = tidy(peer);
  if (!trustedProxies) return socket ?? "unknown";
  return fromChain([...forwardedList(forwardedFor), ...(socket ? [socket] : [])], trustedProxies);
}

function forwardedList(forwardedFor: string | string[] | undefined): string[] {
  return [forwardedFor ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * chain[last] is the nearest hop we saw; `skip` hops back is the client. A chain shorter
 * than that (a request that bypassed a proxy) gives its leftmost entry.
 */
function fromChain(chain: string[], skip: number): string {
  return tidy(chain[Math.max(0, chain.length - 1 - skip)]) ?? "unknown";
}

/**
 * Computes the address of a node:http request from its socket and stamps it on the
 * request (replacing any client-sent header of that name) for the handlers behind.
 */
export function stampClientAddress(req: http.IncomingMessage): string {
  const address = addressFromHops(req.socket?.remoteAddress, req.headers["x-forwarded-for"], env().TRUSTED_PROXIES);
  const value = `${processTag()} ${address}`;
  req.headers[CLIENT_ADDRESS_HEADER] = value;
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  }
  raw.push(CLIENT_ADDRESS_HEADER, value);
  return address;
}

/** A Fetch Headers, the lean entry's RawHeaders (anything with get) or node's header object. */
type HeaderBag = { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof headers.get === "function") return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const v = bag[name] ?? bag[name.toLowerCase()];
  return Array.isArray(v) ? v.join(",") : v;
}

/**
 * The client's address for a request's headers: the server's stamp when present (every
 * request through `npm start` and `npm run start:api`). Without one (`next start`,
 * `next dev`), X-Forwarded-For is all there is: with TRUSTED_PROXIES its hop count applies,
 * without it the last entry (Next adds the peer only when the client sent none).
 */
export function clientAddress(headers: HeaderBag): string {
  const stamp = header(headers, CLIENT_ADDRESS_HEADER);
  const tag = processTag();
  if (stamp && stamp.startsWith(`${tag} `)) return stamp.slice(tag.length + 1);
  const forwarded = header(headers, "x-forwarded-for");
  const trusted = env().TRUSTED_PROXIES;
  // Next did not append the peer (our nearest proxy): the client is n entries from the right.
  if (trusted) return fromChain(forwardedList(forwarded), trusted - 1);
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).at(-1);
  return tidy(last ?? header(headers, "x-real-ip")) ?? "unknown";
}
