import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { hexSignature, standardSignature, webhookHeaders } from "@/server/webhooks/signing";
import { defaultSchedule, maxAttempts, nextRetryDelayMs } from "@/server/webhooks/retry-schedule";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

const secret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
const body = '{"transaction_id":"pi_01","amount":25.13,"status":"successful","note":"é ✓"}';

describe("webhook signatures (D10)", () => {
  it("Signature is the lowercase hex HMAC-SHA256 of the body bytes keyed with the whole secret string", () => {
    const expected = crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(Buffer.from(body, "utf8")).digest("hex");
    expect(hexSignature(body, secret)).toBe(expected);
    expect(verifySignature(body, expected, secret)).toBe(true);
    expect(verifySignature(body, expected, secret + "x")).toBe(false);
    expect(verifySignature(body, "", secret)).toBe(false);
  });

  it("Webhook-Signature matches what the standardwebhooks library signs and verifies", () => {
    const ts = Math.floor(Date.now() / 1000);
    const ours = standardSignature("msg_01", ts, body, secret);
    expect(ours).toBe(new Webhook(secret).sign("msg_01", new Date(ts * 1000), body));
    const headers = webhookHeaders({ id: "msg_01", timestamp: ts, body, secrets: { current: secret, previous: null } });
    expect(headers).toMatchObject({ "Content-Type": "application/json", "User-Agent": "Sika-Webhooks/1", "Webhook-Id": "msg_01", "Webhook-Timestamp": String(ts) });
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(new Webhook(secret).verify(body, lower)).toEqual(JSON.parse(body));
    expect(verifyWebhookSignature(body, lower, secret)).toBe(true);
    expect(verifyWebhookSignature(body + " ", lower, secret)).toBe(false);
    expect(verifyWebhookSignature(body, { ...lower, "webhook-id": "msg_02" }, secret)).toBe(false);
    expect(verifyWebhookSignature(body, { ...lower, "webhook-timestamp": String(ts - 600) }, secret)).toBe(false);
    expect(verifyWebhookSignature(body, new Headers(lower), secret)).toBe(true);
  });

  it("during a rotation carries both signatures, the new one first; without a secret none", () => {
    const old = "whsec_" + Buffer.alloc(32, 1).toString("base64");
    const h = webhookHeaders({ id: "msg_01", timestamp: 1700000000, body, secrets: { current: secret, previous: old } });
    expect(h["Webhook-Signature"]).toBe(`${standardSignature("msg_01", 1700000000, body, secret)} ${standardSignature("msg_01", 1700000000, body, old)}`);
    expect(h["Signature"]).toBe(hexSignature(body, secret));
    const none = webhookHeaders({ id: "msg_01", timestamp: 1700000000, body, secrets: { current: null, previous: null } });
    expect(none["Signature"]).toBeUndefined();
    expect(none["Webhook-Signature"]).toBeUndefined();
  });
});

describe("retry schedule", () => {
  const d10 = [5, 300, 1800, 7200, 18000, 36000, 36000];

  it("N entries allow N+1 attempts; the delay follows the schedule within ±10%", () => {
    expect(maxAttempts(d10)).toBe(8);
    d10.forEach((seconds, i) => {
      expect(nextRetryDelayMs(i + 1, d10, () => 0)).toBe(Math.round(seconds * 900));
      expect(nextRetryDelayMs(i + 1, d10, () => 1)).toBe(Math.round(seconds * 1100));
      expect(nextRetryDelayMs(i + 1, d10, () => 0.5)).toBe(seconds * 1000);
    });
    expect(nextRetryDelayMs(8, d10)).toBeNull();
    expect(nextRetryDelayMs(1, [])).toBeNull();
  });

  it("defaults to the D10 schedule, about 27 hours end to end", () => {
    expect(defaultSchedule()).toEqual(d10);
    const hours = d10.reduce((s, x) => s + x, 0) / 3600;
    expect(hours).toBeGreaterThan(27);
    expect(hours).toBeLessThan(28);
  });
});

describe("the receiver guide", () => {
  it("quotes the snippet files as they are (every code line of each appears in docs/webhooks.md)", async () => {
    const fs = await import("node:fs");
    const guide = fs.readFileSync("docs/webhooks.md", "utf8");
    for (const file of ["docs/snippets/verify-webhook.mjs", "docs/snippets/verify-webhook.php", "docs/snippets/verify_webhook.py"]) {
      const code = fs
        .readFileSync(file, "utf8")
        .replace(/\/\*\*[\s\S]*?\*\//g, "")
        .replace(/"""[\s\S]*?"""/g, "")
        .split("\n")
        .filter((line) => line.trim() && !/^\s*(\/\/|#)/.test(line));
      expect(code.length).toBeGreaterThan(10);
      for (const line of code) expect(guide, `${file}: ${line}`).toContain(line);
    }
  });
});
