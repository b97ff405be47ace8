import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../env";
import { logger } from "../logger";
import { smtpTransportOptions } from "./smtp-url";

/** One outgoing mail: plain text always, simple HTML beside it when given. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: { url: string; t: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, t: nodemailer.createTransport(smtpTransportOptions(url)) };
  return transport.t;
}

/** Whether mail actually leaves the machine (SMTP_URL set). Features that need mail say so when not. */
export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/**
 * Sends one mail through SMTP (`SMTP_URL`, from `MAIL_FROM`). Without SMTP_URL: outside
 * production the mail is printed to the terminal (links included, so a developer can click
 * them); in production it is not sent and a warning is logged (the start already warned).
 * The message text is never logged in production: it may carry a reset link.
 */
export async function sendMail(msg: MailMessage): Promise<{ delivered: boolean }> {
  const e = env();
  if (!e.SMTP_URL) {
    if (e.NODE_ENV === "production") {
      logger().warn({ to: msg.to, subject: msg.subject }, "mail not sent: SMTP_URL is not set");
      return { delivered: false };
    }
    if (e.NODE_ENV !== "test") {
      process.stdout.write(`\n==================== mail (SMTP_URL unset: printed, not sent) ====================\nTo: ${msg.to}\nSubject: ${msg.subject}\n\n${msg.text}\n=================================================================================\n`);
    }
    return { delivered: false };
  }
  await transporter(e.SMTP_URL).sendMail({ from: e.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
  return { delivered: true };
}
