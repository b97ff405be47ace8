import { env } from "../env";

/**
 * Session cookies are `Secure` (and `__Secure-` prefixed) whenever the public URL is
 * https, NEXTAUTH_URL or PUBLIC_BASE_URL, whichever is set. The auth route and proxy.ts
 * both use these, so they always look for the same cookie name.
 */
export function secureCookiesWanted(): boolean {
  const e = env();
  const url = e.NEXTAUTH_URL ?? e.PUBLIC_BASE_URL ?? "";
  return url.startsWith("https://");
}

export function sessionCookieName(): string {
  return `${secureCookiesWanted() ? "__Secure-" : ""}next-auth.session-token`;
}
