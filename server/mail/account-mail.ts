import { logger } from "../logger";
import { sendMail } from "./send";
import { mailLocale, renderMail, type AccountMail } from "./templates";

/**
 * Sends one account mail without holding up the request that caused it: the answer to a
 * password-reset request must not take longer when the address exists, and a mail server
 * that is down must not fail a sign-in. A failure is logged (kind and error, never the link).
 */
export function queueAccountMail(to: string, locale: string | null | undefined, mail: AccountMail): Promise<void> {
  const rendered = renderMail(mail, mailLocale(locale));
  return sendMail({ to, ...rendered }).then(
    () => undefined,
    (err: unknown) => logger().error({ kind: mail.kind, err: (err as Error).message }, "account mail not sent"),
  );
}
