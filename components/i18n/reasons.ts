import en from "@/messages/en.json";
import type { Messages } from "./messages";

/**
 * Decline and timeline reasons are stored as the English sentence the server wrote
 * (it is also the API's `decline_reason`). The catalogue's `reasons` section keys each
 * sentence by a stable code; here the English text finds its code and the page's
 * language gives the words. A reason we do not know (a live operator's own text, a
 * person's note) is shown as written.
 */
const CODE_OF_TEXT = new Map<string, keyof Messages["reasons"]>(Object.entries(en.reasons).map(([code, text]) => [text.toLowerCase(), code as keyof Messages["reasons"]]));

export function reasonCode(text: string): keyof Messages["reasons"] | null {
  return CODE_OF_TEXT.get(text.trim().toLowerCase()) ?? null;
}

export function translateReason(text: string, messages: Messages): string {
  const code = reasonCode(text);
  return code ? messages.reasons[code] : text;
}
