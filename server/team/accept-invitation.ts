import type { Database } from "../db/client";
import { users } from "../db/schema";
import { AppError, fieldError } from "../errors";
import { hashPassword } from "../auth/passwords";
import { newId } from "../ids";
import { addMembership, findUserByEmail, normalizeEmail } from "../merchants/create-merchant";
import { consumeInvitation, findInvitationByToken, invitationStateMessage } from "./invitations";

/**
 * Two ways in through an invitation link: a signed-in user joins (the invitation's
 * address must be theirs, so a forwarded link does not let someone else in), or a
 * newcomer creates their user with the invited address and a password.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; userId: string; userEmail: string },
): Promise<{ merchantId: string; merchantName: string }> {
  return db.transaction(async (tx) => {
    const view = await findInvitationByToken(tx, input.token);
    if (view && view.state === "valid" && normalizeEmail(view.email) !== normalizeEmail(input.userEmail)) {
      throw new AppError("forbidden", `This invitation is for ${view.email}. Sign in with that address to accept it.`);
    }
    const inv = await consumeInvitation(tx, input.token);
    await addMembership(tx, { userId: input.userId, merchantId: inv.merchantId, role: inv.role });
    return { merchantId: inv.merchantId, merchantName: inv.merchantName };
  });
}

export async function signUpWithInvitation(
  db: Database,
  input: { token: string; name: string; password: string },
): Promise<{ merchantId: string; email: string }> {
  if (input.password.length < 8) throw fieldError("password", "The password field must be at least 8 characters.");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const view = await findInvitationByToken(tx, input.token);
    if (view && view.state !== "valid") throw new AppError("conflict", invitationStateMessage(view.state));
    if (view && (await findUserByEmail(tx, view.email))) {
      throw new AppError("conflict", "An account already exists for this address. Sign in to accept the invitation.");
    }
    const inv = await consumeInvitation(tx, input.token);
    const userId = newId("user");
    await tx.insert(users).values({ id: userId, email: inv.email, name: input.name.trim() || null, passwordHash });
    await addMembership(tx, { userId, merchantId: inv.merchantId, role: inv.role });
    return { merchantId: inv.merchantId, email: inv.email };
  });
}
