import type { Metadata } from "next";
import { requestLocale } from "@/components/i18n/request-locale";
import { SettlementsPage } from "@/components/settlements/settlements-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await requestLocale()).messages.settlements.title };
}

export default function Page() {
  return <SettlementsPage />;
}
