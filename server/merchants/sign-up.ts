import type { Database } from "../db/client";
import { AppError } from "../errors";
import { logger } from "../logger";
import { sendMail } from "../mail/send";
import { hashPassword } from "../auth/passwords";
import { createMerchant, findUserByEmail, normalizeEmail } from "./create-merchant";
import { sendVerificationEmail } from "../auth/email-verification";

/**
 * Dashboard sign-up without an account oracle (issue 19 §8): a new address gets its
 * business and owner, a known one gets nothing, and both get the same answer after the
 * same work (one scrypt of the given password). The known address's owner is told by mail
 * that someone tried, so a real owner who forgot they had an account learns it there, not
 * the person at the form. A new account starts unverified (issue 22): test mode right away,
 * live mode and invitations once the mailed link is opened.
 */
export async function signUpMerchant(
  db: Database,
  input: { businessName: string; name?: string | null; email: string; password: string; locale?: string | null },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const known = await findUserByEmail(db, email);
  if (known) {
    await hashPassword(input.password); // the work a new account costs, so the timing says nothing
    notifyOwner(email);
    return;
  }
  try {
    const created = await createMerchant(db, {
      name: input.businessName,
      owner: { email: input.email, password: input.password, name: input.name || null, emailVerified: false, locale: input.locale ?? null },
      withApiKeys: false,
    });
    await sendVerificationEmail(db, { id: created.userId, email, locale: input.locale ?? null });
  } catch (err) {
    // Two sign-ups for one address at once: the second finds it taken inside the transaction.
    if (taken(err)) {
      notifyOwner(email);
      return;
    }
    throw err;
  }
}

function taken(err: unknown): boolean {
  if (err instanceof AppError && err.code === "validation_failed") {
    const email = (err.data as Record<string, unknown> | null)?.email;
    return [email].flat().some((m) => typeof m === "string" && m.includes("already been taken"));
  }
  const code = (err as { code?: string; cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  return code === "23505";
}

/** Not awaited: the answer must not wait on the mail server (timing). */
function notifyOwner(email: string): void {
  void sendMail({
    to: email,
    subject: "Someone tried to create a Sika account with your address",
    text:
      "Someone (perhaps you) tried to create a new Sika account with this email address, which already has one.\n\n" +
      "Nothing was changed. If it was you, sign in instead; if you forgot your password, ask the owner of your business or use the password reset.\n" +
      "If it was not you, you can ignore this message.",
  }).catch((err: unknown) => logger().warn({ err }, "sign-up notice not sent"));
}
