import { describe, expect, it } from "vitest";
import { renderRepoMarkdown } from "@/app/docs/_components/markdown";
import { integratorsFrHtml } from "@/app/docs/(guides)/integrators/integrators-fr";

/** The French integrators guide is a translation of docs/integrators.md: same sections, same anchors, same code. */
describe("integrators guide in French", () => {
  const en = renderRepoMarkdown("integrators.md").html;
  const fr = integratorsFrHtml();
  const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);

  it("has the English guide's headings, at the same levels, with the same ids", () => {
    const headings = /<(h[1-6] id="[^"]*")>/g;
    expect(all(fr, headings)).toEqual(all(en, headings));
    expect(all(fr, headings).length).toBeGreaterThan(5);
  });

  it("keeps every code sample and the events table's types unchanged", () => {
    expect(all(fr, /(<pre>[\s\S]*?<\/pre>)/g)).toEqual(all(en, /(<pre>[\s\S]*?<\/pre>)/g));
    expect(all(fr, /<td><code>([^<]*)<\/code><\/td>/g)).toEqual(all(en, /<td><code>([^<]*)<\/code><\/td>/g));
  });
});
