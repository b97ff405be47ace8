import { headers } from "next/headers";
import { env } from "@/server/env";

/** The public origin for URLs the pages hand out (PUBLIC_BASE_URL first, as publicOrigin does for the API). */
export async function pageOrigin(): Promise<string> {
  const configured = env().PUBLIC_BASE_URL?.replace(/\/$/, "");
  if (configured) return configured;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
