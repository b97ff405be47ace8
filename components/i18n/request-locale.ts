import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, messagesFor, pickLocale, type Locale, type Messages } from "./messages";

/** The language of the request being rendered (server components, metadata): as the root layout picks it. */
export async function requestLocale(): Promise<{ locale: Locale; messages: Messages }> {
  const locale = pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  return { locale, messages: messagesFor(locale) };
}
