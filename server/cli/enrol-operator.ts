import { eq } from "drizzle-orm";
import { generateSecret, generateURI } from "otplib";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { encryptSecret } from "../auth/secret-box";
import { replaceRecoveryCodes, TOTP_ISSUER } from "../auth/two-factor";
import { recordAudit } from "../audit/record";

/**
 * `create-operator --totp[-secret]`: turns two-factor sign-in on for the operator at
 * creation (the person running the CLI holds the database, so they can provision the
 * secret; automation such as the e2e suite passes a fixed one). Recovery codes are new.
 */
export async function enrolOperator(db: Database, user: { id: string; email: string }, secret = generateSecret()): Promise<{ uri: string; recoveryCodes: string[] }> {
  await db.update(users).set({ twoFactorSecret: encryptSecret(secret), twoFactorEnabledAt: new Date(), twoFactorLastStep: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  const recoveryCodes = await replaceRecoveryCodes(db, user.id);
  await recordAudit(db, { merchantId: null, actor: { type: "cli" }, action: "user.two_factor_enabled", target: { type: "user", id: user.id } });
  return { uri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }), recoveryCodes };
}
