import { and, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { webhookSettings } from "../db/schema";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "../auth/secret-box";
import { logger } from "../logger";

/**
 * Merchants created before D14 got ONE webhook secret for both modes, so a signed test event
 * (which anyone with a test key triggers) verified at the live endpoint. A SQL migration cannot
 * fix that (the secrets are sealed with SECRETS_KEY), so every server start runs this repair:
 * where test and live hold the same secret, the TEST secret is replaced at once, with no
 * rotation overlap. Live deliveries keep their secret (no live receiver breaks); test events
 * stop verifying with it immediately; the merchant reveals the new test secret in the
 * dashboard. Idempotent: a repaired merchant no longer matches. Returns the merchants repaired.
 */
export async function separateSharedWebhookSecrets(db: Database): Promise<string[]> {
  const live = alias(webhookSettings, "live");
  const pairs = await db
    .select({ merchantId: webhookSettings.merchantId, test: webhookSettings.secretEncrypted, live: live.secretEncrypted })
    .from(webhookSettings)
    .innerJoin(live, and(eq(live.merchantId, webhookSettings.merchantId), eq(live.mode, "live")))
    .where(and(eq(webhookSettings.mode, "test"), isNotNull(webhookSettings.secretEncrypted), isNotNull(live.secretEncrypted)));
  const repaired: string[] = [];
  for (const p of pairs) {
    let shared: boolean;
    try {
      shared = decryptSecret(p.test!) === decryptSecret(p.live!);
    } catch {
      continue; // sealed with another key: nothing we can compare; delivery reports it
    }
    if (!shared) continue;
    await db
      .update(webhookSettings)
      .set({ secretEncrypted: encryptSecret(generateWebhookSecret()), previousSecretEncrypted: null, previousSecretExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(webhookSettings.merchantId, p.merchantId), eq(webhookSettings.mode, "test"), eq(webhookSettings.secretEncrypted, p.test!)));
    repaired.push(p.merchantId);
  }
  if (repaired.length) {
    logger().warn({ merchants: repaired.length }, "gave test mode its own webhook secret where test and live shared one (D14)");
  }
  return repaired;
}
