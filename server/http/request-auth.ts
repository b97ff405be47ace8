import { cachedKeyVerification, verifyApiKey, type KeyVerification } from "../auth/api-keys";
import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import { errors } from "../errors";

export interface MerchantAuth {
  merchantId: string;
  mode: Mode;
  keyId: string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function toAuth(result: KeyVerification): MerchantAuth {
  if (!result.valid) throw errors.unauthenticated();
  return { merchantId: result.merchantId, mode: result.mode, keyId: result.keyId };
}

/**
 * Bearer API key -> merchant and mode, or the 401 of D4. A key in the cache is answered
 * synchronously (no promise on the request path); otherwise the database is asked.
 */
export function authenticate(db: DbOrTx, req: Request): MerchantAuth | Promise<MerchantAuth> {
  const header = req.headers.get("authorization") ?? "";
  const match = BEARER.exec(header);
  if (!match) throw howToSendTheKey(header);
  const cached = cachedKeyVerification(match[1]);
  return cached ? toAuth(cached) : verifyApiKey(db, match[1]).then(toAuth);
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
