import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, pickLocale, type Locale } from "@/components/i18n/messages";

/**
 * The guides' language: the same choice as the dashboard's (the `sika_locale` cookie,
 * else Accept-Language), so `<html lang>` (root layout) and the text agree.
 */
export async function docsLocale(): Promise<Locale> {
  return pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}

/**
 * A guide written in English only so far, shown to a French reader: the text is marked
 * `lang="en"` (screen readers and translators read it as English) under a French note.
 */
export function EnglishOnly({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  if (locale !== "fr") return <>{children}</>;
  return (
    <>
      <p className="not-prose mb-6 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="docs-english-only">
        Ce guide n&apos;est pas encore traduit : il est présenté en anglais. Tous les autres guides existent en français.
      </p>
      <div lang="en">{children}</div>
    </>
  );
}
