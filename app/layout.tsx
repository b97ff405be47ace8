import type { Metadata, Viewport } from "next";
import { Providers } from "@/components/providers";
import { requestLocale } from "@/components/i18n/request-locale";
import "./globals.css";

/** In the request's language, as the pages' own titles (components/i18n/request-locale.ts). */
export async function generateMetadata(): Promise<Metadata> {
  const { titles } = (await requestLocale()).messages;
  return { title: { default: titles.site, template: "%s · Sika" }, description: titles.description };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#047857" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { locale, messages } = await requestLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        <Providers locale={locale} messages={messages}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
