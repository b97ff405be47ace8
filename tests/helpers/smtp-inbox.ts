import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server (the `smtp-server` package) on a random local port: the app's
 * nodemailer transport talks SMTP to it over TCP like it would to a provider. Received
 * messages are decoded (headers, quoted-printable / base64 parts) for the tests to read.
 */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, data: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQp(data.replace(/_/g, " ")),
  );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "=" && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const i = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, i).replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const c = line.indexOf(":");
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return { headers, body: part.slice(i).replace(/^\r?\n\r?\n/, "") };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQp(body);
  return body;
}

export function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const top = splitPart(raw);
  let text = "";
  let html = "";
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers["content-type"] ?? "")?.[1];
  const parts = boundary ? top.body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const p of parts) {
    const part = boundary ? splitPart(p.replace(/^\r?\n/, "")) : top;
    const type = part.headers["content-type"] ?? "text/plain";
    const decoded = decodeBody(part.headers, part.body).trim();
    if (type.startsWith("text/html")) html = decoded;
    else if (type.startsWith("text/plain")) text = decoded;
  }
  return { to, from, subject: decodeWords(top.headers.subject ?? ""), text, html, raw };
}

export interface SmtpInbox {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a mail to `to` (and matching `subject`) that was not taken before; takes it. */
  next(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to `to` so far (not taken). */
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), to, from));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  const find = (to: string, subject?: RegExp) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails,
    pending: (to) => mails.filter((m) => !taken.has(m) && m.to.includes(to.toLowerCase())),
    async next(to, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = find(to, subject);
        if (m) {
          taken.add(m);
          return m;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ""} within ${timeoutMs} ms (got: ${mails.map((x) => `${x.to} "${x.subject}"`).join(", ") || "none"})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`https?://\\S*${path.replace(/[/?]/g, (c) => `\\${c}`)}\\S*`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0];
}
