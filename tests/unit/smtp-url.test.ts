import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { smtpTransportOptions } from "@/server/mail/smtp-url";

// nodemailer's own reading of a connection URL, the reference ours must match.
const { parseConnectionUrl } = createRequire(import.meta.url)("nodemailer/lib/shared") as { parseConnectionUrl(url: string): unknown };

describe("SMTP_URL", () => {
  it("reads a URL as nodemailer does, without node's legacy url.parse", () => {
    const urls = [
      "smtp://user:pass@mail.example.com:587",
      "smtps://apikey:s3cr%40t%3Ax@smtp.example.com:465",
      "smtp://127.0.0.1:2525",
      "smtp://relay.example.com",
      "smtp://u%40example.com:p@host:25?pool=true&maxConnections=3&tls.rejectUnauthorized=false&name=sika.example&x.y=ignored",
    ];
    for (const url of urls) expect(smtpTransportOptions(url), url).toEqual(parseConnectionUrl(url));
  });

  it("decodes the password and keeps the secure flag of the scheme", () => {
    expect(smtpTransportOptions("smtps://apikey:s3cr%40t%3Ax@smtp.example.com:465")).toMatchObject({ secure: true, port: 465, auth: { user: "apikey", pass: "s3cr@t:x" } });
    expect(smtpTransportOptions("smtp://mail.example.com:587")).toMatchObject({ secure: false, port: 587, host: "mail.example.com" });
  });
});
