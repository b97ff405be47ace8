import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { apiKeys, users, type Mode } from "../db/schema";
import type { ApiKeyScope } from "../vocabulary";

/** A merchant's API keys for one mode, for the Developers page (never the key itself). */
export interface ApiKeyListRow {
  id: string;
  name: string | null;
  displayPrefix: string;
  mode: Mode;
  createdAt: Date;
  createdByEmail: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  scope: ApiKeyScope;
  allowedIps: string[] | null;
}

export async function listApiKeys(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<ApiKeyListRow[]> {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      displayPrefix: apiKeys.displayPrefix,
      mode: apiKeys.mode,
      createdAt: apiKeys.createdAt,
      createdByEmail: users.email,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      scope: apiKeys.scope,
      allowedIps: apiKeys.allowedIps,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.merchantId, input.merchantId), eq(apiKeys.mode, input.mode)))
    .orderBy(desc(apiKeys.createdAt));
}
