import { and, desc, eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { apiKeys, type Mode } from "../db/schema";
import { errors } from "../errors";
import { audited, type AuditScope } from "../audit/actors";
import type { ApiKeyScope } from "../vocabulary";
import { createApiKey, revokeApiKey } from "./api-keys";
import { normaliseAllowedIps } from "./key-restrictions";

/**
 * API keys managed by API (issue 24, with issue 22's restrictions): a full-access key
 * creates, lists and revokes the keys of its own merchant and mode (a test key never
 * touches live keys). The created key is in the creation answer only. Each change is
 * recorded in the audit log in the same database transaction, naming the key that made it.
 */
export interface ApiKeyView {
  id: string;
  name: string | null;
  mode: Mode;
  scope: ApiKeyScope;
  allowed_ips: string[] | null;
  display_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

type KeyRow = Pick<typeof apiKeys.$inferSelect, "id" | "name" | "mode" | "scope" | "allowedIps" | "displayPrefix" | "createdAt" | "lastUsedAt" | "revokedAt">;

export function apiKeyView(k: KeyRow): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode,
    scope: k.scope,
    allowed_ips: k.allowedIps?.length ? k.allowedIps : null,
    display_prefix: k.displayPrefix,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  mode: apiKeys.mode,
  scope: apiKeys.scope,
  allowedIps: apiKeys.allowedIps,
  displayPrefix: apiKeys.displayPrefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export async function listKeysOfMode(db: DbOrTx, input: { merchantId: string; mode: Mode }): Promise<ApiKeyView[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, input.merchantId), eq(apiKeys.mode, input.mode)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyView);
}

export interface NewKeyInput {
  merchantId: string;
  mode: Mode;
  name?: string | null;
  scope?: ApiKeyScope;
  allowedIps?: string[] | string | null;
  /** The dashboard user who creates it (null through the API or the CLI). */
  createdBy?: string | null;
  /** The form field an allow-list error belongs to (`allowed_ips` in the API, `allowedIps` in the dashboard). */
  ipsField?: string;
}

/** Creates a key with its restrictions and its audit row, in one transaction. Throws 422 on a bad allow-list. */
export async function createRestrictedKey(db: Database, input: NewKeyInput, scope: AuditScope): Promise<ApiKeyView & { key: string }> {
  const ips = normaliseAllowedIps(input.allowedIps);
  if (!ips.ok) throw errors.validation({ [input.ipsField ?? "allowed_ips"]: [ips.message] });
  const created = await audited(
    db,
    scope,
    (tx) => createApiKey(tx, { merchantId: input.merchantId, mode: input.mode, name: input.name ?? null, createdBy: input.createdBy ?? null, scope: input.scope ?? "full", allowedIps: ips.value }),
    (k) => ({
      merchantId: input.merchantId,
      mode: input.mode,
      action: "api_key.created",
      target: { type: "api_key", id: k.id },
      after: { name: input.name ?? null, display_prefix: k.displayPrefix, scope: k.scope, allowed_ips: k.allowedIps },
    }),
  );
  const [row] = await db.select(columns).from(apiKeys).where(eq(apiKeys.id, created.id));
  return { ...apiKeyView(row), key: created.key };
}

/** Revokes one key of the merchant (in `mode` when given); 404 when there is no such active key. */
export async function revokeKeyAudited(db: Database, input: { merchantId: string; keyId: string; mode?: Mode }, scope: AuditScope): Promise<ApiKeyView> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.merchantId, input.merchantId), input.mode ? eq(apiKeys.mode, input.mode) : undefined));
  if (!row || row.revokedAt) throw errors.notFound("API key not found");
  await audited(
    db,
    scope,
    (tx) => revokeApiKey(tx, { merchantId: input.merchantId, keyId: input.keyId }),
    (revoked) =>
      revoked
        ? { merchantId: input.merchantId, mode: row.mode, action: "api_key.revoked", target: { type: "api_key", id: row.id }, before: { display_prefix: row.displayPrefix, name: row.name } }
        : null,
  );
  const [after] = await db.select(columns).from(apiKeys).where(eq(apiKeys.id, input.keyId));
  return apiKeyView(after);
}
