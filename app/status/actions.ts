"use server";

import { getDb } from "@/server/db/client";
import { confirmSubscription, unsubscribe } from "@/server/status/subscribers";

/**
 * The buttons behind the links of the status mails. A button, not the link itself: mail
 * scanners open links, and must not confirm or cancel anything by doing so.
 */
export async function subscriptionAction(kind: "confirm" | "unsubscribe", token: string): Promise<boolean> {
  const db = await getDb();
  return kind === "confirm" ? confirmSubscription(db, String(token)) : unsubscribe(db, String(token));
}
