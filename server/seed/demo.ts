import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { creditWallet } from "../ledger/operator-credit";
import { createMerchant, findUserByEmail } from "../merchants/create-merchant";
import { hashPassword } from "../auth/passwords";
import { newId } from "../ids";

/**
 * The demo merchant of a fresh install (README run command): created once, its
 * credentials printed once (API keys are shown only at creation). Later starts find
 * it and do nothing.
 */
export const DEMO = {
  merchantName: "Demo Boutique Dakar",
  email: "demo@sika.test",
  password: "sika-demo-2026",
  operatorEmail: "operator@sika.test",
  operatorPassword: "sika-operator-2026",
};

export interface DemoSeedResult {
  created: boolean;
  merchantId?: string;
  testApiKey?: string;
  webhookSecret?: string;
}

export async function seedDemo(db: Database): Promise<DemoSeedResult> {
  if (await findUserByEmail(db, DEMO.email)) return { created: false };
  const created = await createMerchant(db, {
    name: DEMO.merchantName,
    owner: { email: DEMO.email, password: DEMO.password, name: "Awa Diop" },
    kycStatus: "approved",
    withApiKeys: true,
  });
  for (const [currency, amount] of [
    ["XOF", 100_000_000n],
    ["KES", 10_000_000n],
  ] as const) {
    await creditWallet(db, {
      merchantId: created.merchantId,
      mode: "test",
      currency,
      amount,
      reference: `demo-seed-${created.merchantId}-${currency}`,
      reason: "Demo test balance",
    });
  }
  if (!(await findUserByEmail(db, DEMO.operatorEmail))) {
    await db
      .insert(users)
      .values({ id: newId("user"), email: DEMO.operatorEmail, name: "Sika Operator", passwordHash: await hashPassword(DEMO.operatorPassword), isOperator: true, emailVerifiedAt: new Date() })
      .onConflictDoNothing();
  }
  await db.update(users).set({ lastSignInAt: null }).where(eq(users.email, DEMO.email));
  return { created: true, merchantId: created.merchantId, testApiKey: created.testApiKey ?? undefined, webhookSecret: created.webhookSecret };
}

export function printDemoCredentials(r: DemoSeedResult, baseUrl: string): void {
  if (!r.created) return;
  const lines = [
    "",
    "==================== Sika demo merchant (shown once) ====================",
    `  Merchant:        ${DEMO.merchantName} (${r.merchantId})`,
    `  Dashboard:       ${baseUrl}/signin  ${DEMO.email} / ${DEMO.password}`,
    `  Operator:        ${DEMO.operatorEmail} / ${DEMO.operatorPassword}`,
    `  Test API key:    ${r.testApiKey}`,
    `  Webhook secret:  ${r.webhookSecret}`,
    `  Try:  curl -H "Authorization: Bearer ${r.testApiKey}" ${baseUrl}/api/v1/countries`,
    "==========================================================================",
    "",
  ];
  console.log(lines.join("\n"));
}
