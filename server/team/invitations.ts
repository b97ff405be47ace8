import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { invitations, memberships, merchants, users, type MemberRole } from "../db/schema";
import { AppError, errors, fieldError } from "../errors";
import { newId } from "../ids";
import { normalizeEmail } from "../merchants/create-merchant";

/**
 * Team invitations. The link carries a random token; only its SHA-256 hash is
 * stored, so a database leak does not hand out working links. There is no email
 * server: the owner copies the link shown once after creating the invitation.
 */
export const INVITATION_TTL_DAYS = 7;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface CreatedInvitation {
  id: string;
  email: string;
  role: MemberRole;
  /** Plaintext token for the link; never stored. */
  token: string;
  expiresAt: Date;
}

export async function createInvitation(
  db: DbOrTx,
  input: { merchantId: string; email: string; role: MemberRole; invitedBy: string },
): Promise<CreatedInvitation> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email)) throw fieldError("email", "The email field must be a valid email address.");
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, input.merchantId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) throw fieldError("email", "This person is already a member of the team.");

  // One live invitation per address: a new one replaces the previous link.
  await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.merchantId, input.merchantId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));

  const token = crypto.randomBytes(32).toString("base64url");
  const id = newId("invitation");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  await db.insert(invitations).values({
    id,
    merchantId: input.merchantId,
    email,
    role: input.role,
    tokenHash: hashInvitationToken(token),
    invitedBy: input.invitedBy,
    expiresAt,
  });
  return { id, email, role: input.role, token, expiresAt };
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** Invitations neither accepted nor revoked (expired ones included, flagged). */
export async function listPendingInvitations(db: DbOrTx, merchantId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.merchantId, merchantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  const now = Date.now();
  return rows.map((r) => ({ ...r, expired: r.expiresAt.getTime() <= now }));
}

export async function revokeInvitation(db: DbOrTx, input: { merchantId: string; invitationId: string }): Promise<void> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(invitations.id, input.invitationId), eq(invitations.merchantId, input.merchantId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
    )
    .returning({ id: invitations.id });
  if (rows.length === 0) throw errors.notFound("Invitation not found");
}

export type InvitationState = "valid" | "expired" | "accepted" | "revoked";

export interface InvitationView {
  id: string;
  merchantId: string;
  merchantName: string;
  email: string;
  role: MemberRole;
  state: InvitationState;
}

export async function findInvitationByToken(db: DbOrTx, token: string): Promise<InvitationView | null> {
  const [row] = await db
    .select({ inv: invitations, merchantName: merchants.name })
    .from(invitations)
    .innerJoin(merchants, eq(merchants.id, invitations.merchantId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) return null;
  const { inv } = row;
  const state: InvitationState = inv.acceptedAt ? "accepted" : inv.revokedAt ? "revoked" : inv.expiresAt.getTime() <= Date.now() ? "expired" : "valid";
  return { id: inv.id, merchantId: inv.merchantId, merchantName: row.merchantName, email: inv.email, role: inv.role, state };
}

/**
 * Marks a valid invitation accepted and returns it. The conditional UPDATE makes a
 * link usable once even when two tabs accept at the same time.
 */
export async function consumeInvitation(db: DbOrTx, token: string): Promise<InvitationView> {
  const view = await findInvitationByToken(db, token);
  if (!view) throw errors.notFound("Invitation not found");
  if (view.state !== "valid") throw new AppError("conflict", invitationStateMessage(view.state));
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, view.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())))
    .returning({ id: invitations.id });
  if (rows.length === 0) throw errors.notFound("Invitation not found");
  return view;
}

export function invitationStateMessage(state: InvitationState): string {
  switch (state) {
    case "expired":
      return "This invitation has expired. Ask the owner for a new link.";
    case "accepted":
      return "This invitation has already been used.";
    case "revoked":
      return "This invitation was cancelled by the owner.";
    default:
      return "This invitation is valid.";
  }
}
