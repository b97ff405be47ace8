import type { Metadata } from "next";
import { requestLocale } from "@/components/i18n/request-locale";
import { LinkDetail } from "@/components/payment-links/link-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await requestLocale()).messages.links.title };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <LinkDetail id={(await params).id} />;
}
