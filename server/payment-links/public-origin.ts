import { env } from "../env";

/** PUBLIC_BASE_URL, else NEXTAUTH_URL (the dashboard's canonical URL), else null (then the browser's origin). */
export function configuredPublicOrigin(): string | null {
  const e = env();
  return (e.PUBLIC_BASE_URL ?? e.NEXTAUTH_URL)?.replace(/\/$/, "") ?? null;
}
