import crypto from "node:crypto";
import { eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { statusSubscribers } from "../db/schema";
import { env } from "../env";
import { newId } from "../ids";
import { logger } from "../logger";
import { sendMail } from "../mail/send";
import { consumeOrThrow } from "../auth/throttle";
import type { IncidentChange } from "./incidents";
import { incidentMail, confirmationMail, type MailLocale } from "./mails";

/**
 * Incident mail (issue 25): anyone subscribes with an address on the status page; mail
 * goes out only after they click the confirmation link (double opt-in), so the form cannot
 * be used to mail strangers more than one confirmation per CONFIRM_RESEND_MINUTES. Every
 * incident mail carries an unsubscribe link (and a List-Unsubscribe header's worth of URL).
 */
const CONFIRM_RESEND_MINUTES = 10;
/** Subscription requests per client address per hour (shared store: every instance counts together). */
export const SUBSCRIBE_LIMIT = { name: "status-subscribe-address", points: 10, duration: 3600, blockDuration: 3600 };
const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const token = () => crypto.randomBytes(24).toString("base64url");
/**
 * The shape of the tokens above. The links' buttons post whatever the URL held (a server
 * action anyone can call): anything else names no subscriber and is not sent to the
 * database, where a NUL character (which PostgreSQL text cannot hold) failed the query.
 */
const tokenShaped = (given: string) => /^[A-Za-z0-9_-]{16,64}$/.test(given);

export function statusBaseUrl(): string {
  const e = env();
  return (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

/** Always the same answer, whether the address was known or not (no address probing). */
export async function subscribe(db: Database, input: { email: string; locale: MailLocale; address: string }, now = new Date()): Promise<void> {
  await consumeOrThrow(SUBSCRIBE_LIMIT, input.address);
  const email = input.email.trim().toLowerCase();
  const confirm = token();
  const [existing] = await db.select().from(statusSubscribers).where(eq(statusSubscribers.email, email));
  if (existing?.confirmedAt) return;
  if (existing?.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < CONFIRM_RESEND_MINUTES * 60_000) return;
  if (existing) {
    await db.update(statusSubscribers).set({ tokenHash: hash(confirm), locale: input.locale, confirmationSentAt: now }).where(eq(statusSubscribers.id, existing.id));
  } else {
    await db
      .insert(statusSubscribers)
      .values({ id: newId("statusSubscriber"), email, locale: input.locale, tokenHash: hash(confirm), unsubscribeToken: token(), confirmationSentAt: now })
      .onConflictDoNothing();
  }
  await sendMail({ to: email, ...confirmationMail(input.locale, `${statusBaseUrl()}/status/confirm?token=${confirm}`) });
}

export async function confirmSubscription(db: Database, given: string): Promise<boolean> {
  if (!tokenShaped(given)) return false;
  const [row] = await db.update(statusSubscribers).set({ confirmedAt: new Date() }).where(eq(statusSubscribers.tokenHash, hash(given))).returning({ id: statusSubscribers.id });
  return Boolean(row);
}

export async function unsubscribe(db: Database, given: string): Promise<boolean> {
  if (!tokenShaped(given)) return false;
  const [row] = await db.delete(statusSubscribers).where(eq(statusSubscribers.unsubscribeToken, given)).returning({ id: statusSubscribers.id });
  return Boolean(row);
}

/** After an incident change committed: one mail per confirmed subscriber, in their language. */
export async function notifySubscribers(db: Database, change: IncidentChange): Promise<{ sent: number; failed: number }> {
  const list = await db.select().from(statusSubscribers).where(isNotNull(statusSubscribers.confirmedAt));
  let sent = 0;
  let failed = 0;
  for (const s of list) {
    const unsubscribeUrl = `${statusBaseUrl()}/status/unsubscribe?token=${s.unsubscribeToken}`;
    try {
      await sendMail({ to: s.email, ...incidentMail(s.locale === "fr" ? "fr" : "en", change, `${statusBaseUrl()}/status`, unsubscribeUrl) });
      sent++;
    } catch (err) {
      failed++;
      logger().warn({ err, subscriber: s.id, incident: change.incident.id }, "incident mail not sent");
    }
  }
  return { sent, failed };
}
