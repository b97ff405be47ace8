import { headers } from "next/headers";
import { env } from "@/server/env";

/** Where this server is reached, for copy-pasteable curl examples (PUBLIC_BASE_URL first). */
export async function docsOrigin(): Promise<string> {
  const configured = env().PUBLIC_BASE_URL?.replace(/\/$/, "");
  if (configured) return configured;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
