import { headers } from "next/headers";
import { env, publicBaseUrl } from "@/server/env";

/**
 * Where this server is reached, for copy-pasteable curl examples: the configured public URL
 * (PUBLIC_BASE_URL, else NEXTAUTH_URL); the request's Host only in development (issue 19 §11).
 */
export async function docsOrigin(): Promise<string> {
  const configured = publicBaseUrl();
  if (configured) return configured;
  if (env().NODE_ENV === "production") return `http://localhost:${env().PORT}`;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
