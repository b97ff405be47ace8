import { env } from "../env";
import { logger } from "../logger";

/**
 * Production without SMTP_URL still starts (a payments API must not go down for want of
 * mail), but says so once at start: verification links, password resets, invitation and
 * security mails are not sent, and the pages that rely on them say so too.
 */
export function warnIfMailNotConfigured(): boolean {
  const e = env();
  if (e.NODE_ENV !== "production" || e.SMTP_URL) return false;
  logger().warn(
    { setting: "SMTP_URL" },
    "SMTP_URL is not set: no mail is sent (email verification, password reset, team invitations, security notices). Set SMTP_URL=smtp://user:pass@host:587",
  );
  return true;
}
