import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, messagesFor, pickLocale, type Locale, type Messages } from "./messages";

/** The language of the request being rendered (server components, metadata): as the root layout picks it. */
export async function requestLocale(): Promise<{ locale: Locale; messages: Messages }> {
  const locale = pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  return { locale, messages: messagesFor(locale) };
}

/**
 * A page's `generateMetadata` whose tab title is in the request's language (the root
 * layout adds " · Sika"): `export const generateMetadata = titled((m) => m.titles.overview)`.
 * The catalogue's `titles` section names the merchant's pages; the payer's pages take
 * theirs from `pay`, whose words are the customer's ("Paiement"). `extra`: the rest of
 * the page's metadata (robots, referrer).
 */
export function titled(pick: (messages: Messages) => string, extra: Metadata = {}): () => Promise<Metadata> {
  return async () => ({ ...extra, title: pick((await requestLocale()).messages) });
}
