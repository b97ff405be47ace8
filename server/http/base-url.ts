import { env, publicBaseUrl } from "../env";

/**
 * The public origin for links we put in responses (paginator links, checkout URLs, the
 * OpenAPI document's server): the configured public URL (PUBLIC_BASE_URL, else
 * NEXTAUTH_URL). Only outside production, with neither set, the request's own origin
 * (a Host header is the client's word: never trusted for links in production, issue 19 §11).
 */
export function publicOrigin(req: { url: string | URL }): string {
  const configured = publicBaseUrl();
  if (configured) return configured;
  if (env().NODE_ENV === "production") return `http://localhost:${env().PORT}`;
  return (typeof req.url === "string" ? new URL(req.url) : req.url).origin;
}
