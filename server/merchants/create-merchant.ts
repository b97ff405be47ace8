import { eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { memberships, merchants, users, webhookSettings, type MemberRole, type Merchant } from "../db/schema";
import { setDefaultEndpointUrl } from "../webhooks/endpoints";
import { createApiKey } from "../auth/api-keys";
import { hashPassword } from "../auth/passwords";
import { encryptSecret, generateWebhookSecret } from "../auth/secret-box";
import { fieldError } from "../errors";
import { newId } from "../ids";
import { findUserByEmail, normalizeEmail } from "../auth/users";

// Re-exported: sign-up, invitations and the CLI read them from here too.
export { findUserByEmail, normalizeEmail };

export interface CreateMerchantInput {
  name: string;
  /**
   * emailVerified: false for a self-service sign-up (a link is mailed); an owner made by the
   * admin CLI, the demo seed or a test is vouched for by whoever made it (default true).
   */
  owner: { email: string; password: string; name?: string | null; emailVerified?: boolean; locale?: string | null };
  kycStatus?: Merchant["kycStatus"];
  /** Create a test and a live API key (CLI, demo seed). The dashboard creates keys on demand. */
  withApiKeys?: boolean;
  /** The test mode's webhook secret; generated when omitted. */
  webhookSecret?: string;
  /** The live mode's webhook secret; generated when omitted. Never the test one (D14). */
  liveWebhookSecret?: string;
  webhookUrl?: { test?: string | null; live?: string | null };
}

export interface CreatedMerchant {
  merchantId: string;
  userId: string;
  testApiKey: string | null;
  liveApiKey: string | null;
  /** The test mode's signing secret. */
  webhookSecret: string;
  /** The live mode's signing secret: its own, so a test event never verifies at a live endpoint (D14). */
  liveWebhookSecret: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds a member to a merchant (sign-up owner, accepted invitation). */
export async function addMembership(db: DbOrTx, input: { userId: string; merchantId: string; role: MemberRole }): Promise<void> {
  await db.insert(memberships).values(input).onConflictDoUpdate({ target: [memberships.userId, memberships.merchantId], set: { role: input.role } });
}

/** A merchant, its owner user, webhook settings for both modes and optionally API keys. */
export async function createMerchant(db: Database, input: CreateMerchantInput): Promise<CreatedMerchant> {
  const name = input.name.trim();
  if (!name) throw fieldError("name", "The name field is required.");
  const email = normalizeEmail(input.owner.email);
  if (!EMAIL.test(email)) throw fieldError("email", "The email field must be a valid email address.");
  if (input.owner.password.length < 8) throw fieldError("password", "The password field must be at least 8 characters.");
  const passwordHash = await hashPassword(input.owner.password);
  const webhookSecret = input.webhookSecret ?? generateWebhookSecret();
  const liveWebhookSecret = input.liveWebhookSecret ?? generateWebhookSecret();
  if (liveWebhookSecret === webhookSecret) throw fieldError("live_webhook_secret", "The live webhook secret must differ from the test one.");

  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw fieldError("email", "The email has already been taken.");
    const merchantId = newId("merchant");
    const userId = newId("user");
    await tx.insert(merchants).values({ id: merchantId, name, kycStatus: input.kycStatus ?? "unverified" });
    await tx.insert(users).values({
      id: userId,
      email,
      name: input.owner.name ?? null,
      passwordHash,
      locale: input.owner.locale ?? null,
      emailVerifiedAt: input.owner.emailVerified === false ? null : new Date(),
    });
    await addMembership(tx, { userId, merchantId, role: "owner" });
    await tx.insert(webhookSettings).values([
      { merchantId, mode: "test", url: input.webhookUrl?.test ?? null, secretEncrypted: encryptSecret(webhookSecret) },
      { merchantId, mode: "live", url: input.webhookUrl?.live ?? null, secretEncrypted: encryptSecret(liveWebhookSecret) },
    ]);
    // Issue 23: a given URL is the mode's default webhook endpoint (all events, the mode's secret).
    for (const mode of ["test", "live"] as const) {
      const url = input.webhookUrl?.[mode];
      if (url) await setDefaultEndpointUrl(tx, { merchantId, mode }, url);
    }
    let testApiKey: string | null = null;
    let liveApiKey: string | null = null;
    if (input.withApiKeys) {
      testApiKey = (await createApiKey(tx, { merchantId, mode: "test", name: "Default test key", createdBy: userId })).key;
      liveApiKey = (await createApiKey(tx, { merchantId, mode: "live", name: "Default live key", createdBy: userId })).key;
    }
    return { merchantId, userId, testApiKey, liveApiKey, webhookSecret, liveWebhookSecret };
  });
}

export async function getMerchant(db: DbOrTx, merchantId: string): Promise<Merchant | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row;
}
