import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { merchants, users } from "../db/schema";
import { queueAccountMail } from "../mail/account-mail";
import { mailConfigured } from "../mail/send";
import { publicBaseUrl } from "../mail/templates";

/**
 * The invitation, mailed to the invited address (issue 22) in the inviter's language (the
 * invitee has no account yet to hold a preference). The copy-link the owner sees stays:
 * it works the same, and is the way when mail is not configured.
 */
export async function mailInvitation(db: DbOrTx, input: { merchantId: string; invitedBy: string; email: string; role: string; token: string }): Promise<{ mailed: boolean }> {
  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, input.merchantId));
  const [inviter] = await db.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, input.invitedBy));
  void queueAccountMail(input.email, inviter?.locale, {
    kind: "invitation",
    link: `${publicBaseUrl()}/invite/${input.token}`,
    merchantName: merchant?.name ?? "Sika",
    inviter: inviter?.name || inviter?.email || "Sika",
    role: input.role,
  });
  return { mailed: mailConfigured() };
}
