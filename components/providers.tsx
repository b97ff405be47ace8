"use client";

import { Toaster } from "sonner";
import { I18nProvider } from "@/components/i18n/provider";
import type { Locale, Messages } from "@/components/i18n/messages";
import { TrpcReactProvider } from "@/components/trpc/client";

/** Everything client-side that every page needs: language, tRPC + React Query, toasts. */
export function Providers({ locale, messages, children }: { locale: Locale; messages: Messages; children: React.ReactNode }) {
  return (
    <I18nProvider locale={locale} messages={messages}>
      <TrpcReactProvider>
        {children}
        <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 5000 }} />
      </TrpcReactProvider>
    </I18nProvider>
  );
}
