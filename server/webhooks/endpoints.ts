import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { merchants, webhookEndpoints, webhookSettings, type Mode, type WebhookEndpoint } from "../db/schema";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "../auth/secret-box";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { normalizePattern } from "./event-types";
import { ROTATION_OVERLAP_MS } from "./signing";
import { callbackUrlProblem, redactUrl } from "./url-guard";

/**
 * Webhook endpoints (issue 23): up to 10 per merchant and mode, each with its URL, the
 * event types it takes, its own `whsec_` secret (rotated with the 24 h overlap of D10),
 * enabled or not. Shared by the REST API, the dashboard (tRPC) and setWebhookUrl (the
 * default endpoint). Access control is the callers'; scoping by merchant and mode is ours.
 * Audit (issue 22): create, update, delete and rotate are the settings changes to record.
 */
export const MAX_ENDPOINTS_PER_MODE = 10;

export interface Scope {
  merchantId: string;
  mode: Mode;
}

export interface EndpointInput {
  url?: string;
  description?: string | null;
  eventTypes?: string[];
  enabled?: boolean;
  isDefault?: boolean;
}

const scoped = (s: Scope) => and(eq(webhookEndpoints.merchantId, s.merchantId), eq(webhookEndpoints.mode, s.mode));

export function normalizeEventTypes(raw: string[]): string[] {
  if (raw.length === 0) throw fieldError("event_types", "The event_types field must list at least one event type.");
  const out = new Set<string>();
  for (const r of raw) {
    const p = normalizePattern(r);
    if (!p) throw fieldError("event_types", `The event type ${JSON.stringify(r.slice(0, 60))} is not one we send.`);
    out.add(p);
  }
  return out.has("*") ? ["*"] : [...out];
}

async function checkUrl(db: DbOrTx, scope: Scope, url: string, stored: string | null): Promise<string> {
  let u = url.trim();
  // The views show credentials as `***`: saving that redacted form back keeps the stored ones.
  if (stored && u.includes("***@") && redactUrl(stored) === u) u = stored;
  if (u.length > 2048) throw fieldError("url", "The url field must not be greater than 2048 characters.");
  const problem = await callbackUrlProblem(u, scope.mode, "url");
  if (problem) throw fieldError("url", problem);
  return u;
}

export async function listEndpoints(db: DbOrTx, scope: Scope): Promise<WebhookEndpoint[]> {
  return db.select().from(webhookEndpoints).where(scoped(scope)).orderBy(sql`${webhookEndpoints.isDefault} desc`, asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(db: DbOrTx, scope: Scope & { id: string }): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(and(scoped(scope), eq(webhookEndpoints.id, scope.id))).limit(1);
  return row;
}

export async function getEndpoint(db: DbOrTx, scope: Scope & { id: string }): Promise<WebhookEndpoint> {
  const row = await findEndpoint(db, scope);
  if (!row) throw errors.notFound("Webhook endpoint not found");
  return row;
}

/** The interface's "dashboard default webhook URL" of a mode (enabled or not). */
export async function findDefaultEndpoint(db: DbOrTx, scope: Scope): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(and(scoped(scope), eq(webhookEndpoints.isDefault, true))).limit(1);
  return row;
}

export async function createEndpoint(db: Database, scope: Scope, input: EndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  if (!input.url) throw fieldError("url", "The url field is required.");
  const url = await checkUrl(db, scope, input.url, null);
  const eventTypes = normalizeEventTypes(input.eventTypes ?? ["*"]);
  const secret = generateWebhookSecret();
  const endpoint = await db.transaction(async (tx) => {
    // The merchant row serialises creations, so two at once cannot both be the 11th.
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, scope.merchantId)).for("update");
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(scoped(scope));
    if (Number(n) >= MAX_ENDPOINTS_PER_MODE) {
      throw new AppError("conflict", `A mode has at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints; delete one first`);
    }
    if (input.isDefault) await tx.update(webhookEndpoints).set({ isDefault: false, updatedAt: new Date() }).where(scoped(scope));
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId("webhookEndpoint"),
        merchantId: scope.merchantId,
        mode: scope.mode,
        url,
        description: input.description?.trim() || null,
        eventTypes,
        enabled: input.enabled ?? true,
        isDefault: input.isDefault ?? false,
        secretEncrypted: encryptSecret(secret),
      })
      .returning();
    return row;
  });
  return { endpoint, secret };
}

export async function updateEndpoint(db: Database, scope: Scope & { id: string }, input: EndpointInput): Promise<WebhookEndpoint> {
  const current = await getEndpoint(db, scope);
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
  if (input.url !== undefined) set.url = await checkUrl(db, scope, input.url, current.url);
  if (input.description !== undefined) set.description = input.description?.trim() || null;
  if (input.eventTypes !== undefined) set.eventTypes = normalizeEventTypes(input.eventTypes);
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.isDefault !== undefined) set.isDefault = input.isDefault;
  return db.transaction(async (tx) => {
    if (input.isDefault) await tx.update(webhookEndpoints).set({ isDefault: false }).where(and(scoped(scope), ne(webhookEndpoints.id, scope.id)));
    const [row] = await tx.update(webhookEndpoints).set(set).where(and(scoped(scope), eq(webhookEndpoints.id, scope.id))).returning();
    if (!row) throw errors.notFound("Webhook endpoint not found");
    return row;
  });
}

/** Deletes the endpoint; its past attempts stay in the delivery log, its pending deliveries are skipped. */
export async function deleteEndpoint(db: DbOrTx, scope: Scope & { id: string }): Promise<void> {
  const gone = await db.delete(webhookEndpoints).where(and(scoped(scope), eq(webhookEndpoints.id, scope.id))).returning({ id: webhookEndpoints.id });
  if (!gone.length) throw errors.notFound("Webhook endpoint not found");
}

async function modeSecret(db: DbOrTx, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ s: webhookSettings.secretEncrypted })
    .from(webhookSettings)
    .where(and(eq(webhookSettings.merchantId, scope.merchantId), eq(webhookSettings.mode, scope.mode)))
    .limit(1);
  return row?.s ?? null;
}

/** The endpoint's signing secret in clear: its own, or the mode's for the migrated default endpoint. */
export async function revealEndpointSecret(db: DbOrTx, scope: Scope & { id: string }): Promise<string | null> {
  const e = await getEndpoint(db, scope);
  const sealed = e.secretEncrypted ?? (await modeSecret(db, scope));
  return sealed ? decryptSecret(sealed) : null;
}

/**
 * A new secret for one endpoint; the old one (its own, or the mode's it shared until now)
 * keeps signing `Webhook-Signature` beside it for 24 h. The mode's secret is untouched.
 */
export async function rotateEndpointSecret(db: Database, scope: Scope & { id: string }): Promise<string> {
  const secret = generateWebhookSecret();
  await db.transaction(async (tx) => {
    const [e] = await tx.select().from(webhookEndpoints).where(and(scoped(scope), eq(webhookEndpoints.id, scope.id))).for("update").limit(1);
    if (!e) throw errors.notFound("Webhook endpoint not found");
    const previous = e.secretEncrypted ?? (await modeSecret(tx, scope));
    await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: encryptSecret(secret),
        previousSecretEncrypted: previous,
        previousSecretExpiresAt: previous ? new Date(Date.now() + ROTATION_OVERLAP_MS) : null,
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, e.id));
  });
  return secret;
}

/**
 * The legacy single URL (dashboard form before issue 23, admin CLI): sets the default
 * endpoint's URL, creating it (all events, the mode's secret) or, with null, removing it.
 */
export async function setDefaultEndpointUrl(db: DbOrTx, scope: Scope, url: string | null): Promise<void> {
  const current = await findDefaultEndpoint(db, scope);
  if (!url) {
    if (current) await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    return;
  }
  if (current) {
    await db.update(webhookEndpoints).set({ url, updatedAt: new Date() }).where(eq(webhookEndpoints.id, current.id));
    return;
  }
  await db.insert(webhookEndpoints).values({ id: newId("webhookEndpoint"), merchantId: scope.merchantId, mode: scope.mode, url, description: "Default webhook URL", eventTypes: ["*"], isDefault: true });
}
