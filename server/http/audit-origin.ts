import { clientAddress } from "../auth/throttle";
import type { AuditOrigin } from "../audit/record";
import { apiKeyActor, type AuditScope } from "../audit/actors";
import type { HeaderReader } from "./raw-headers";

/** An API request's origin for the audit log: its client address (clientAddress, as the rate limits see it) and user agent. */
export function originOf(headers: HeaderReader | undefined): AuditOrigin {
  if (!headers) return {};
  const address = clientAddress(headers);
  return { ip: address === "unknown" ? null : address, userAgent: headers.get("user-agent") };
}

/** Who and from where for an API request's audit row: the key that made it, and its origin. */
export function apiAuditScope(auth: { keyId: string; keyLabel: string }, headers: HeaderReader | undefined): AuditScope {
  return { actor: apiKeyActor(auth), origin: originOf(headers) };
}
