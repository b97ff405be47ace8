import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { coverage } from "@/server/catalog/coverage";
import { normalizePhone } from "@/server/catalog/phone";
import { sandboxNumbers, sandboxOutcomeTable } from "@/server/catalog/sandbox-numbers";
import { sandboxPhoneOutcome } from "@/server/connectors/sandbox";
import { errorCatalog } from "@/server/openapi/error-catalog";
import { renderMarkdown } from "@/app/docs/_components/markdown";

/** What the /docs guides show is derived from the code; these check the derivations. */
describe("sandbox numbers (test-mode guide)", () => {
  it("gives every covered country numbers that are valid there and do what their column says", () => {
    const rows = sandboxNumbers();
    expect(rows.map((r) => r.countryCode)).toEqual(coverage.map((c) => c.code));
    for (const r of rows) {
      for (const n of [r.successful, ...Object.values(r.bySuffix)]) expect(normalizePhone(n, r.countryCode), n).not.toBeNull();
      expect(sandboxPhoneOutcome(r.successful, "payin")?.outcome).toBe("successful");
      expect(sandboxPhoneOutcome(r.bySuffix["0001"], "payin")?.outcome).toBe("failed");
      expect(sandboxPhoneOutcome(r.bySuffix["0002"], "payout")?.outcome).toBe("cancelled");
      expect(sandboxPhoneOutcome(r.bySuffix["0003"], "payout")).toBeNull();
    }
  });

  it("reads the outcome table from the sandbox connector (D9)", () => {
    expect(sandboxOutcomeTable().map((r) => [r.suffix, r.payin.status, r.payout.status])).toEqual([
      ["0001", "failed", "failed"],
      ["0002", "cancelled", "cancelled"],
      ["0003", "pending", "pending"],
      ["anything else", "successful", "successful"],
    ]);
  });
});

describe("errors guide", () => {
  it("lists every status of D5 with the messages of server/errors.ts", () => {
    const entries = errorCatalog();
    expect([...new Set(entries.map((e) => e.status))]).toEqual([400, 401, 403, 404, 405, 409, 422, 429, 500, 503]);
    const messages = entries.map((e) => `${e.status} ${e.body.message}`);
    for (const m of [
      "400 Invalid JSON body",
      "400 Insufficient balance for payout",
      "400 No webhook URL configured",
      "401 Unauthenticated",
      "403 KYC approval required for live payouts",
      "404 Not found",
      "404 Transaction not found",
      "405 Method not allowed",
      "409 Idempotency key reused with different parameters",
      "409 Transaction cannot be finalized",
      "422 Validation failed",
      "429 Too many requests",
      "500 Internal server error",
      "503 Network unavailable",
    ]) {
      expect(messages).toContain(m);
    }
  });
});

describe("webhooks guide", () => {
  it("renders docs/webhooks.md with the Node, PHP and Python verification code and working snippet links", () => {
    const html = renderMarkdown(fs.readFileSync("docs/webhooks.md", "utf8"));
    expect(html).toContain('<pre><code class="language-js">');
    expect(html).toContain("export function verifyWebhookSignature");
    expect(html).toContain('<pre><code class="language-php">');
    expect(html).toContain('<pre><code class="language-python">');
    expect(html).toContain('href="/docs/snippets/verify-webhook.mjs"');
    expect(html).toMatch(/<h2 id="verifying">/);
    expect(html).not.toMatch(/<table>(?![\s\S]*?<\/table><\/div>)/);
  });
});

describe("French markdown guides (docs/fr)", () => {
  const headingIds = (html: string) => [...html.matchAll(/<h\d id="([^"]+)">/g)].map((m) => m[1]);
  const codeBlocks = (source: string) => source.match(/^```[^\n]*\n[\s\S]*?^```$/gm) ?? [];

  for (const name of ["webhooks.md", "statements.md", "network-prediction.md"]) {
    it(`docs/fr/${name} keeps the English anchors, links and code exactly`, () => {
      const en = fs.readFileSync(`docs/${name}`, "utf8");
      const fr = fs.readFileSync(`docs/fr/${name}`, "utf8");
      const [enHtml, frHtml] = [renderMarkdown(en), renderMarkdown(fr)];
      expect(headingIds(frHtml)).toEqual(headingIds(enHtml));
      expect(frHtml).not.toContain("{#");
      expect(codeBlocks(fr)).toEqual(codeBlocks(en));
      expect(codeBlocks(fr).length).toBeGreaterThan(0);
      const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links(frHtml)).toEqual(links(enHtml));
    });
  }

  it("a {#id} at a heading's end sets its id and is not shown", () => {
    expect(renderMarkdown("## Paramètres {#parameters}\n")).toBe('<h2 id="parameters">Paramètres</h2>\n');
    expect(renderMarkdown("## Sources\n")).toBe('<h2 id="sources">Sources</h2>\n');
  });
});
