import type { Metadata } from "next";
import { requestLocale } from "@/components/i18n/request-locale";
import { PaymentLinksPage } from "@/components/payment-links/payment-links-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await requestLocale()).messages.links.title };
}

export default function Page() {
  return <PaymentLinksPage />;
}
