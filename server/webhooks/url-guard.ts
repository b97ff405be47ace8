import type { Mode } from "../db/schema";

/**
 * Callback / webhook URL policy (D6, D10). Returns a field message when the URL is not
 * acceptable for the mode, null when it is. Test mode accepts any absolute http(s) URL
 * (developers receive webhooks on localhost); live mode only https to public addresses.
 * The webhooks work extends this with DNS resolution and connect-time checks.
 */
export async function callbackUrlProblem(url: string, mode: Mode, field = "callback_url"): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The ${field} field must be a valid URL.`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `The ${field} field must be a valid URL.`;
  if (mode === "live" && parsed.protocol !== "https:") return `The ${field} field must be an https URL in live mode.`;
  return null;
}
