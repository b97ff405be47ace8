import { devOrigins } from "./server/http/dev-origins.mjs";
import { apiSecurityHeaders, HSTS, publicUrlIsHttps, securityHeaders } from "./server/http/security-headers.mjs";

const dev = process.env.NODE_ENV !== "production";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "postgres", "rate-limiter-flexible", "ioredis"],
  poweredByHeader: false,
  // Parallel dev servers / builds in one checkout each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // The development "N" badge sat over the sidebar's Sign out button (bottom left); errors
  // still open Next's overlay without it.
  devIndicators: false,
  // next dev serves its scripts only to these page origins (loopback, this machine, DEV_ORIGINS).
  allowedDevOrigins: dev ? devOrigins() : [],
  // The e2e run builds the app once more; it type-checks separately (npm run typecheck).
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // Security headers on every page and route (docs/security.md): the pages' set, and the
  // API's (a CSP of `default-src 'none'`) under /api but for next-auth's routes, which can
  // render a page. HSTS when served over https: always if the public URL is https,
  // otherwise when a TLS proxy says so.
  async headers() {
    const hsts = { key: "Strict-Transport-Security", value: HSTS };
    const sets = [
      { source: "/:path((?!api/).*)", headers: securityHeaders(dev) },
      { source: "/api/auth/:path*", headers: securityHeaders(dev) },
      { source: "/api/:path((?!auth/).*)", headers: apiSecurityHeaders() },
    ];
    if (publicUrlIsHttps()) return sets.map((set) => ({ ...set, headers: [...set.headers, hsts] }));
    return [...sets, { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [hsts] }];
  },
};

export default nextConfig;
