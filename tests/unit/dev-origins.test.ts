import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { devOrigins } from "../../server/http/dev-origins.mjs";

/** next.config.js as Next loads it, evaluated afresh (its dev/production branch reads NODE_ENV then). */
async function nextConfig(fresh: string): Promise<{ allowedDevOrigins?: string[] }> {
  const url = `${pathToFileURL(path.resolve("next.config.js")).href}?${fresh}`;
  return ((await import(/* @vite-ignore */ url)) as { default: { allowedDevOrigins?: string[] } }).default;
}

// Next's own check, as `next dev` runs it on every /_next/* request (true = answered 403).
const require = createRequire(import.meta.url);
const { blockCrossSiteDEV } = require("next/dist/server/lib/router-utils/block-cross-site-dev.js") as {
  blockCrossSiteDEV: (req: unknown, res: unknown, allowed: string[] | undefined, hostname?: string) => boolean;
};

/** A page at `origin` loading one of next dev's chunks (scripts carry crossorigin: a cors fetch with Origin). */
function blocked(origin: string, allowed: string[] | undefined): boolean {
  const req = { url: "/_next/static/chunks/app/signin/page.js", headers: { origin, "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" } };
  const res = { statusCode: 200, end() {} };
  return blockCrossSiteDEV(req, res, allowed, undefined);
}

describe("next dev serves its scripts to the addresses people open it at", () => {
  it("a dashboard opened at 127.0.0.1 or [::1] hydrates (Next alone refuses it)", async () => {
    expect(blocked("http://127.0.0.1:3000", undefined)).toBe(true);
    const allowed = (await nextConfig("development")).allowedDevOrigins;
    expect(blocked("http://127.0.0.1:3000", allowed)).toBe(false);
    expect(blocked("http://[::1]:3000", allowed)).toBe(false);
    expect(blocked("http://localhost:3000", allowed)).toBe(false);
  });

  it("the Network URL next dev prints (this machine's address) and DEV_ORIGINS are let through; other sites are not", () => {
    const nic = (address: string, internal = false) => ({ address, family: "IPv4" as const, internal, netmask: "255.255.255.0", mac: "00:00:00:00:00:00", cidr: null });
    const allowed = devOrigins({ DEV_ORIGINS: " Sika-Dev.example.ngrok.app , " }, { eth0: [nic("192.168.1.20")], lo: [nic("127.0.0.1", true)] });
    expect(blocked("http://192.168.1.20:3000", allowed)).toBe(false);
    expect(blocked("https://sika-dev.example.ngrok.app", allowed)).toBe(false);
    expect(blocked("http://192.168.1.21:3000", allowed)).toBe(true);
    expect(blocked("https://evil.example", allowed)).toBe(true);
  });

  it("the production build carries no dev origins", async () => {
    const before = process.env.NODE_ENV;
    try {
      (process.env as Record<string, string>).NODE_ENV = "production";
      expect((await nextConfig("production")).allowedDevOrigins).toEqual([]);
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = before;
    }
  });
});
