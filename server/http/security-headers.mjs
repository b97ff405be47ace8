/**
 * Browser hardening headers for every page and route (D14), one definition for both
 * entries: next.config.js `headers()` (Next) and the lean node:http entry.
 *
 * Content-Security-Policy, chosen to work without per-request nonces: Next's App Router
 * inlines its bootstrap scripts (`self.__next_f.push(...)`), and a nonce would force every
 * page to render dynamically (no static pages, no CDN caching of the docs). So scripts are
 * limited to our own origin plus inline ('unsafe-inline'), never a third-party host, never
 * eval in production (`next dev` needs 'unsafe-eval' for React's debugging and a websocket
 * for HMR). Scalar (docs) is served from our origin and needs inline styles and blob
 * workers; nothing is loaded from a CDN. `frame-ancestors 'none'` (and X-Frame-Options for
 * old browsers) forbids framing everywhere, the hosted checkout included (clickjacking).
 */
export function contentSecurityPolicy(dev = false) {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The CSP of an API answer (/api: JSON, never rendered as a page): nothing may load from it
 * and nothing may frame it, as OWASP's REST Security Cheat Sheet gives it. The pages' policy
 * (scripts, styles, fonts) means nothing on JSON and cost ~400 bytes on every answer.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers on every page (and next-auth's routes), whatever the scheme; API answers get apiSecurityHeaders(). */
export function securityHeaders(dev = false) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
}

/**
 * Headers on every API answer (/api/v1, health, tRPC; not next-auth's, which can render a
 * page). Permissions-Policy and Cross-Origin-Opener-Policy govern documents, so they are not
 * sent here; `Cache-Control: no-store` comes with each JSON answer itself (server/http/envelope.ts)
 * so that an endpoint may choose another (the OpenAPI document is public for 5 minutes).
 */
export function apiSecurityHeaders() {
  return [
    { key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "no-referrer" },
  ];
}

/** True when the configured public URL is https: HSTS then goes on every response. */
export function publicUrlIsHttps(env = process.env) {
  return [env.PUBLIC_BASE_URL, env.NEXTAUTH_URL].some((u) => typeof u === "string" && u.startsWith("https://"));
}
