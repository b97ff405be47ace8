import type SMTPTransport from "nodemailer/lib/smtp-transport";

/**
 * SMTP_URL as nodemailer's transport options, read with the WHATWG URL parser. Handing
 * nodemailer the URL string made it call node's legacy `url.parse()`, which Node 24 flags
 * with a security DeprecationWarning (DEP0169) in production's stderr at the first mail.
 * The same reading as nodemailer's own (shared/index.js#parseConnectionUrl): smtp: plain
 * or STARTTLS, smtps: TLS from the start, port, host, user and password (percent-decoded),
 * and query options (`?pool=true&tls.rejectUnauthorized=false`: numbers and booleans
 * typed, `tls.*` nested, other dotted keys ignored).
 */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const options: Record<string, unknown> = {};
  if (url.protocol === "smtp:") options.secure = false;
  else if (url.protocol === "smtps:") options.secure = true;
  if (Number(url.port)) options.port = Number(url.port);
  if (url.hostname) options.host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (url.username || url.password) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, raw] of url.searchParams) {
    const value = raw === "true" ? true : raw === "false" ? false : raw !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    let target = options;
    let name = key;
    if (key.startsWith("tls.")) {
      target = (options.tls ??= {}) as Record<string, unknown>;
      name = key.slice(4);
    } else if (key.includes(".")) continue;
    if (!(name in target)) target[name] = value;
  }
  return options as SMTPTransport.Options;
}
