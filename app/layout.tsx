import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { Providers } from "@/components/providers";
import { LOCALE_COOKIE, messagesFor, pickLocale } from "@/components/i18n/messages";
import { requestLocale } from "@/components/i18n/request-locale";
import "./globals.css";

/** In the request's language, as the pages' own titles (components/i18n/request-locale.ts). */
export async function generateMetadata(): Promise<Metadata> {
  const { titles } = (await requestLocale()).messages;
  return { title: { default: titles.site, template: "%s · Sika" }, description: titles.description };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#047857" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        <Providers locale={locale} messages={messagesFor(locale)}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
