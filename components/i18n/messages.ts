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

export function translate(messages: Messages, key: MessageKey, vars?: Record<string, string | number>, locale: Locale = "en"): string {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === "string" ? node : key;
  return vars ? formatMessage(text, vars, locale) : text;
}

const intlLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

/**
 * The subset of ICU MessageFormat the catalogue uses: `{name}` and
 * `{count, plural, one {# item} other {# items}}` (also `=0 {…}`), with the plural
 * category from Intl.PluralRules of the language, so French 0 and 1 are singular and
 * English 0 is plural. `#` is the count, formatted for the language.
 */
export function formatMessage(text: string, vars: Record<string, string | number>, locale: Locale): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open === -1) break;
    const close = matchingBrace(text, open);
    if (close === -1) break;
    out += text.slice(i, open);
    out += formatArgument(text.slice(open + 1, close), vars, locale);
    i = close + 1;
  }
  return out + text.slice(i);
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === "{") depth++;
    else if (text[j] === "}" && --depth === 0) return j;
  }
  return -1;
}

function formatArgument(arg: string, vars: Record<string, string | number>, locale: Locale): string {
  const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(arg);
  if (!plural) {
    const name = arg.trim();
    return name in vars ? String(vars[name]) : `{${arg}}`;
  }
  const [, name, body] = plural;
  const count = Number(vars[name]);
  const cases = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf("{", i);
    if (open === -1) break;
    const close = matchingBrace(body, open);
    if (close === -1) break;
    cases.set(body.slice(i, open).trim(), body.slice(open + 1, close));
    i = close + 1;
  }
  const chosen = cases.get(`=${count}`) ?? cases.get(new Intl.PluralRules(intlLocale(locale)).select(count)) ?? cases.get("other") ?? "";
  const shown = new Intl.NumberFormat(intlLocale(locale)).format(count);
  return formatMessage(chosen, vars, locale).replaceAll("#", shown);
}
