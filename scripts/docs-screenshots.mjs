// Screenshots of /docs for review: node scripts/docs-screenshots.mjs [baseUrl] [outDir]
// Needs a running server (e.g. `PORT=3220 npx next dev -p 3220`) and Chromium at /usr/bin/chromium.
import { chromium } from "playwright-core";

const base = process.argv[2] ?? "http://localhost:3220";
const out = process.argv[3] ?? "docs/screenshots";
const pages = [
  { name: "reference", path: "/docs/reference", waitFor: "text=Create a payin" },
  { name: "quickstart", path: "/docs/quickstart" },
  { name: "payin-flows", path: "/docs/payin-flows" },
  { name: "test-mode", path: "/docs/test-mode" },
  { name: "webhooks", path: "/docs/webhooks" },
];
const viewports = [
  { tag: "desktop", width: 1280, height: 900 },
  { tag: "mobile", width: 375, height: 812 },
];
const only = process.env.ONLY?.split(",");

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
const external = new Set();
try {
  for (const vp of viewports) {
    const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (!["localhost", "127.0.0.1"].includes(u.hostname) && u.protocol.startsWith("http")) external.add(r.url());
    });
    page.on("pageerror", (e) => console.error(`[${vp.tag}] page error:`, e.message));
    for (const p of pages) {
      if (only && !only.includes(p.name)) continue;
      await page.goto(base + p.path, { waitUntil: "networkidle", timeout: 120_000 });
      if (p.waitFor) await page.waitForSelector(p.waitFor, { timeout: 60_000, state: "attached" });
      await page.waitForTimeout(500);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      if (scroll) console.warn(`[${vp.tag}] ${p.path}: page wider than the viewport`);
      const file = `${out}/${p.name}-${vp.tag}.png`;
      await page.screenshot({ path: process.env.FULL ? `/tmp/full-${p.name}-${vp.tag}.png` : file, fullPage: Boolean(process.env.FULL) });
      console.log("wrote", file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
if (external.size) console.warn("requests outside this server:", [...external]);
