import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { runWorkerBatch } from "@/server/worker/run-batch";
import { verifySignature, verifyWebhookSignature } from "../../docs/snippets/verify-webhook.mjs";

/**
 * The receiver guide's verification code (docs/snippets, quoted in docs/webhooks.md) in the
 * three languages it is given in, run as an integrator runs it: python3 and php on their own
 * files, on a real delivery. A webhook URL is public, so the same functions also meet forged
 * headers (text that is not ASCII, digits int() refuses, a 5,000-digit timestamp): each must
 * answer false, never raise, or the receiver answers a forger with a 500. Needs python3 and
 * php (.ci/run installs php-cli from apt).
 */
interface Case {
  kind: "standard" | "legacy";
  body: string; // base64 of the exact bytes
  headers: Record<string, string>;
  secret: string;
}

const PYTHON = `
import base64, json, sys
sys.path.insert(0, "docs/snippets")
from verify_webhook import verify_signature, verify_webhook_signature
out = []
for c in json.load(sys.stdin):
    body = base64.b64decode(c["body"])
    try:
        if c["kind"] == "standard":
            out.append(verify_webhook_signature(body, c["headers"], c["secret"]))
        else:
            out.append(verify_signature(body, c["headers"].get("signature"), c["secret"]))
    except Exception as e:
        out.append("raised %s: %s" % (type(e).__name__, str(e)[:80]))
print(json.dumps(out))
`;

const PHP = `
require 'docs/snippets/verify-webhook.php';
$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $c) {
    $body = base64_decode($c['body']);
    try {
        $out[] = $c['kind'] === 'standard'
            ? sika_verify_webhook_signature($body, $c['headers'], $c['secret'])
            : sika_verify_signature($body, $c['headers']['signature'] ?? '', $c['secret']);
    } catch (Throwable $e) {
        $out[] = 'raised ' . get_class($e) . ': ' . substr($e->getMessage(), 0, 80);
    }
}
echo json_encode($out);
`;

function runIn(command: string, args: string[], cases: Case[]): unknown[] {
  const run = spawnSync(command, args, { input: JSON.stringify(cases), encoding: "utf8", timeout: 30_000 });
  if (run.error) throw new Error(`${command} could not run (${run.error.message}): .ci/run installs it`);
  expect(run.status, `${command}: ${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout);
}

function runInNode(cases: Case[]): unknown[] {
  return cases.map((c) => {
    const body = Buffer.from(c.body, "base64");
    try {
      return c.kind === "standard" ? verifyWebhookSignature(body, c.headers, c.secret) : verifySignature(body, c.headers.signature, c.secret);
    } catch (err) {
      return `raised ${(err as Error).name}`;
    }
  });
}

const languages: Array<[string, (cases: Case[]) => unknown[]]> = [
  ["node", runInNode],
  ["python3", (cases) => runIn("python3", ["-c", PYTHON], cases)],
  ["php", (cases) => runIn("php", ["-d", "display_errors=stderr", "-r", PHP], cases)],
];

let app: TestApp;
let receiver: Receiver;
let secret: string;
let otherSecret: string;
let body: Buffer;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
  const m = await app.createMerchant();
  secret = m.webhookSecret;
  otherSecret = m.liveWebhookSecret!;
  const created = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest({ callback_url: receiver.url, order_id: "snippets-é-1" }) });
  expect(created.status).toBe(200);
  const delivered = await waitFor(async () => {
    await runWorkerBatch(app.database.db);
    return receiver.received.length > 0;
  }, 10_000);
  expect(delivered).toBe(true);
  body = receiver.received[0].raw;
  headers = Object.fromEntries(Object.entries(receiver.received[0].headers).map(([k, v]) => [k, String(v)]));
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

describe("the webhook verification snippets, in Node, Python and PHP", () => {
  it("accept a real delivery with its secret, and refuse it with another secret or another body", () => {
    const b64 = body.toString("base64");
    const tampered = Buffer.concat([body, Buffer.from(" ")]).toString("base64");
    const cases: Case[] = [
      { kind: "standard", body: b64, headers, secret },
      { kind: "legacy", body: b64, headers, secret },
      { kind: "standard", body: b64, headers, secret: otherSecret },
      { kind: "legacy", body: b64, headers, secret: otherSecret },
      { kind: "standard", body: tampered, headers, secret },
      { kind: "legacy", body: tampered, headers, secret },
    ];
    for (const [language, run] of languages) expect(run(cases), language).toEqual([true, true, false, false, false, false]);
  });

  it("answer false to forged headers, never an exception", () => {
    const b64 = body.toString("base64");
    const forged: Array<Record<string, string>> = [
      { ...headers, "webhook-signature": "v1,é" },
      { ...headers, "webhook-signature": `v1,${"é".repeat(44)} v1,` },
      { ...headers, "webhook-timestamp": "²" },
      { ...headers, "webhook-timestamp": "١٧٩٦٤٠٠٠٠٠" },
      { ...headers, "webhook-timestamp": "9".repeat(5000) },
      { ...headers, "webhook-timestamp": "" },
      { "webhook-timestamp": headers["webhook-timestamp"], "webhook-signature": headers["webhook-signature"] },
    ];
    const cases: Case[] = [
      ...forged.map((h) => ({ kind: "standard" as const, body: b64, headers: h, secret })),
      { kind: "legacy", body: b64, headers: { signature: "é" }, secret },
      { kind: "legacy", body: b64, headers: { signature: "" }, secret },
    ];
    for (const [language, run] of languages) expect(run(cases), language).toEqual(cases.map(() => false));
  });
});
