import { verifyApiKey } from "../auth/api-keys";
import type { DbOrTx } from "../db/client";
import type { Mode } from "../db/schema";
import { errors } from "../errors";

export interface MerchantAuth {
  merchantId: string;
  mode: Mode;
  keyId: string;
}

/** Bearer API key -> merchant and mode, or the 401 of D4. */
export async function authenticate(db: DbOrTx, req: Request): Promise<MerchantAuth> {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw errors.unauthenticated();
  const result = await verifyApiKey(db, match[1]);
  if (!result.valid) throw errors.unauthenticated();
  return { merchantId: result.merchantId, mode: result.mode, keyId: result.keyId };
}
