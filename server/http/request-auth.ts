import { cachedKeyVerification, verifyApiKey, type KeyVerification } from "../auth/api-keys";
import { accessOf, keyRefusal, type KeyAccess } from "../auth/key-restrictions";
import { clientAddress } from "../auth/throttle";
import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import { errors } from "../errors";
import type { ApiKeyScope } from "../vocabulary";
import type { HeaderReader } from "./raw-headers";

/** What authentication reads of a request (a Fetch Request or the lean entry's view). */
interface KeyedRequest {
  method: string;
  headers: HeaderReader;
}

export interface MerchantAuth {
  merchantId: string;
  mode: Mode;
  keyId: string;
  /** The key's display prefix (`sk_test_AbCd`): how the audit log names it. */
  keyLabel: string;
  scope: ApiKeyScope;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function toAuth(result: KeyVerification, req: KeyedRequest, access: KeyAccess): MerchantAuth {
  if (!result.valid) throw errors.unauthenticated();
  // Restricted keys (issue 22): scope and IP allow-list, a 403 before anything else runs.
  if (result.scope !== "full" || result.allowedIps) {
    const refusal = keyRefusal(result, access, clientAddress(req.headers));
    if (refusal) throw refusal;
  }
  return { merchantId: result.merchantId, mode: result.mode, keyId: result.keyId, keyLabel: result.displayPrefix, scope: result.scope };
}

/**
 * Bearer API key -> merchant and mode, or the 401 of D4; then the key's restrictions for
 * what the endpoint needs (`access`: GET reads, other methods write, unless the endpoint
 * says otherwise). A key in the cache is answered synchronously (no promise on the
 * request path); otherwise the database is asked.
 */
export function authenticate(db: DbOrTx, req: KeyedRequest, access: KeyAccess = accessOf(req.method)): MerchantAuth | Promise<MerchantAuth> {
  const header = req.headers.get("authorization") ?? "";
  const match = BEARER.exec(header);
  if (!match) throw howToSendTheKey(header);
  const cached = cachedKeyVerification(match[1]);
  return cached ? toAuth(cached, req, access) : verifyApiKey(db, match[1]).then((r) => toAuth(r, req, access));
}

/**
 * The 401 of D4 (message and data as the interface says) with a `detail` saying how to
 * send the key, and the RFC 6750 challenge header: a key pasted without `Bearer ` is the
 * first mistake of many integrators.
 */
function howToSendTheKey(header: string) {
  const err = errors.unauthenticated();
  err.headers["WWW-Authenticate"] = 'Bearer realm="sika", error="invalid_request"';
  const bare = header.trim();
  if (bare === "") return err.withDetail("No API key: send it in the Authorization header as `Authorization: Bearer sk_test_…`.");
  if (/^sk_(test|live)_/.test(bare)) return err.withDetail("The key must follow the word Bearer: send `Authorization: Bearer " + bare.slice(0, 8) + "…`.");
  return err.withDetail("The Authorization header must be `Bearer <your API key>` (for example `Authorization: Bearer sk_test_…`).");
}
