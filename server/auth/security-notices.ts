import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships, merchants, users } from "../db/schema";
import { queueAccountMail } from "../mail/account-mail";

/**
 * "A live key was created" goes to every owner of the business (each in their language):
 * a live key moves real money, and an owner who did not expect one revokes it.
 */
export async function noticeLiveKeyCreated(db: DbOrTx, input: { merchantId: string; keyName: string | null; keyPrefix: string; by: string }): Promise<void> {
  const owners = await db
    .select({ email: users.email, locale: users.locale, merchantName: merchants.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(and(eq(memberships.merchantId, input.merchantId), eq(memberships.role, "owner")));
  const when = new Date();
  for (const o of owners) {
    void queueAccountMail(o.email, o.locale, {
      kind: "live_key_created",
      when,
      merchantName: o.merchantName,
      keyName: input.keyName ?? "API key",
      keyPrefix: input.keyPrefix,
      by: input.by,
    });
  }
}
