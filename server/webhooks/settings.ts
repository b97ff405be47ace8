import { and, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { webhookSettings, type Mode, type WebhookSettings } from "../db/schema";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "../auth/secret-box";
import { fieldError } from "../errors";
import { callbackUrlProblem, redactUrl } from "./url-guard";
import { ROTATION_OVERLAP_MS } from "./signing";
import { findDefaultEndpoint, setDefaultEndpointUrl } from "./endpoints";

/**
 * Per merchant and mode: the default webhook URL and the signing secret (D10). Called by
 * the dashboard (tRPC) and the CLI; access control is theirs, scoping is ours.
 */
export interface ScopedInput {
  merchantId: string;
  mode: Mode;
}

export interface WebhookSettingsView {
  url: string | null;
  hasSecret: boolean;
  /** While the pre-rotation secret still signs `Webhook-Signature`; null otherwise. */
  previousSecretExpiresAt: Date | null;
}

export { ROTATION_OVERLAP_MS };

export async function findWebhookSettings(db: DbOrTx, { merchantId, mode }: ScopedInput): Promise<WebhookSettings | undefined> {
  const [row] = await db
    .select()
    .from(webhookSettings)
    .where(and(eq(webhookSettings.merchantId, merchantId), eq(webhookSettings.mode, mode)))
    .limit(1);
  return row;
}

export async function getWebhookSettings(db: DbOrTx, input: ScopedInput): Promise<WebhookSettingsView> {
  const [row, endpoint] = await Promise.all([findWebhookSettings(db, input), findDefaultEndpoint(db, input)]);
  const expires = row?.previousSecretExpiresAt ?? null;
  const overlapping = Boolean(row?.previousSecretEncrypted && expires && expires.getTime() > Date.now());
  // Issue 23: the default URL is the default webhook endpoint's.
  return { url: redactUrl(endpoint?.url ?? null), hasSecret: Boolean(row?.secretEncrypted), previousSecretExpiresAt: overlapping ? expires : null };
}

/**
 * Sets (or with null / "" clears) the default URL, after the same check as callback_url.
 * The view shows credentials as `***`; saving that redacted form back unchanged keeps the
 * stored credentials (the settings form round-trips what it was shown).
 */
export async function setWebhookUrl(db: DbOrTx, input: ScopedInput & { url: string | null }): Promise<WebhookSettingsView> {
  let url = input.url?.trim() ? input.url.trim() : null;
  if (url && url.includes("***@")) {
    const stored = (await findDefaultEndpoint(db, input))?.url ?? null;
    if (stored && redactUrl(stored) === url) url = stored;
  }
  if (url) {
    if (url.length > 2048) throw fieldError("url", "The url field must not be greater than 2048 characters.");
    const problem = await callbackUrlProblem(url, input.mode, "url");
    if (problem) throw fieldError("url", problem);
  }
  await db
    .insert(webhookSettings)
    .values({ merchantId: input.merchantId, mode: input.mode, url })
    .onConflictDoUpdate({ target: [webhookSettings.merchantId, webhookSettings.mode], set: { url, updatedAt: sql`now()` } });
  // The URL lives in the default endpoint (issue 23); webhook_settings.url is kept in step for older readers.
  await setDefaultEndpointUrl(db, input, url);
  return getWebhookSettings(db, input);
}

/** The current secret in clear (shown in the dashboard); null when none is set. */
export async function revealWebhookSecret(db: DbOrTx, input: ScopedInput): Promise<string | null> {
  const row = await findWebhookSettings(db, input);
  return row?.secretEncrypted ? decryptSecret(row.secretEncrypted) : null;
}

/**
 * A new secret; the old one keeps signing `Webhook-Signature` (second entry) for 24 h so
 * receivers can switch without losing a webhook. `Signature` switches at once. Rotating
 * again within the window drops the oldest secret.
 */
export async function rotateWebhookSecret(db: Database, input: ScopedInput): Promise<string> {
  const secret = generateWebhookSecret();
  const sealed = encryptSecret(secret);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookSettings)
      .where(and(eq(webhookSettings.merchantId, input.merchantId), eq(webhookSettings.mode, input.mode)))
      .for("update")
      .limit(1);
    const previous = row?.secretEncrypted ?? null;
    const values = {
      secretEncrypted: sealed,
      previousSecretEncrypted: previous,
      previousSecretExpiresAt: previous ? new Date(Date.now() + ROTATION_OVERLAP_MS) : null,
      updatedAt: new Date(),
    };
    if (row) {
      await tx
        .update(webhookSettings)
        .set(values)
        .where(and(eq(webhookSettings.merchantId, input.merchantId), eq(webhookSettings.mode, input.mode)));
    } else {
      await tx.insert(webhookSettings).values({ merchantId: input.merchantId, mode: input.mode, ...values });
    }
  });
  return secret;
}
