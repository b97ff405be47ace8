import type { Metadata } from "next";
import { requestLocale } from "@/components/i18n/request-locale";
import { BulkPayoutsPage } from "@/components/payouts/bulk-payouts-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await requestLocale()).messages.bulk.title };
}

export default function Page() {
  return <BulkPayoutsPage />;
}
