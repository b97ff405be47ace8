import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

/**
 * The dashboard's two languages. English is the reference: the French file must have
 * every key (the typed assignment below fails the build otherwise).
 */
export type Messages = typeof en;
const frMessages: Messages = fr;

export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = "sika_locale";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export function messagesFor(locale: Locale): Messages {
  return locale === "fr" ? frMessages : en;
}

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "fr";
}

/** Cookie first (the user's explicit choice), then the browser's Accept-Language. */
export function pickLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  const first = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("fr") ? "fr" : "en";
}

export function translate(messages: Messages, key: MessageKey, vars?: Record<string, string | number>): string {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  let text = typeof node === "string" ? node : key;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
