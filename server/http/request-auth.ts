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
  const match = BEARER.exec(req.headers.get("authorization") ?? "");
  if (!match) throw errors.unauthenticated();
  const cached = cachedKeyVerification(match[1]);
  return cached ? toAuth(cached) : verifyApiKey(db, match[1]).then(toAuth);
}
