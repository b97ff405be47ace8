/**
 * Where a user may be sent after signing in: a path on this site only. Browsers read
 * `/\example.org` and `/\t/example.org` (tab and newline are stripped) as `//example.org`,
 * another site, so anything with a backslash, a control character or whitespace, or
 * two leading slashes, falls back to the dashboard; so does any absolute URL (next-auth
 * hands absolute same-origin URLs to `safeRedirectUrl`, which checks the origin).
 */
export const AFTER_SIGN_IN = "/dashboard";

export function safeNextPath(candidate: string | null | undefined): string {
  if (!candidate || candidate.length > 2048) return AFTER_SIGN_IN;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return AFTER_SIGN_IN;
  if (/[\\\u0000-\u001f\u007f\s]/.test(candidate)) return AFTER_SIGN_IN;
  try {
    const base = "http://sika.invalid";
    const resolved = new URL(candidate, base);
    if (resolved.origin !== base) return AFTER_SIGN_IN;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return AFTER_SIGN_IN;
  }
}

/** next-auth's redirect callback: same-origin absolute URLs and safe paths, else the dashboard. */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, "");
  if (url.startsWith("/")) return `${base}${safeNextPath(url)}`;
  try {
    const parsed = new URL(url);
    if (parsed.origin === new URL(base).origin) return `${base}${safeNextPath(`${parsed.pathname}${parsed.search}${parsed.hash}`)}`;
  } catch {
    // not a URL
  }
  return `${base}${AFTER_SIGN_IN}`;
}
