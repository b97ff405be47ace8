import fs from "node:fs";
import path from "node:path";
import { Marked } from "marked";

/**
 * Renders one of the repository's own markdown guides (docs/*.md) for a docs page. The
 * files are ours (trusted), so the HTML is used as is. Headings get ids for anchors;
 * tables get a scrolling frame (a `{#id}` at a heading's end sets its id); links to docs/snippets/* point at their download route.
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens);
      // `## Titre {#id}`: a translated heading keeps the English page's anchor.
      const explicit = /\s*\{#([a-z0-9-]+)\}$/.exec(text);
      const html = explicit ? text.slice(0, explicit.index) : text;
      return `<h${depth} id="${explicit ? explicit[1] : slug(html)}">${html}</h${depth}>\n`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return (marked.parse(source, { async: false }) as string)
    .replace(/<table>/g, '<div class="table-wrap"><table>')
    .replace(/<\/table>/g, "</table></div>")
    .replace(/href="snippets\//g, 'href="/docs/snippets/');
}

/** docs/<name>.md rendered; the first `# heading` is returned apart, for the page title. */
export function renderRepoMarkdown(name: string): { title: string; html: string } {
  const source = fs.readFileSync(path.join(process.cwd(), "docs", name), "utf8");
  const match = /^#\s+(.+)\n/.exec(source);
  return { title: match?.[1].replace(/\s*\{#[a-z0-9-]+\}$/, "") ?? name, html: renderMarkdown(source) };
}
