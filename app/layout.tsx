import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { Providers } from "@/components/providers";
import { LOCALE_COOKIE, messagesFor, pickLocale } from "@/components/i18n/messages";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sika — mobile money payments", template: "%s · Sika" },
  description: "Collect and pay out with mobile money across 15 African countries.",
};

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
