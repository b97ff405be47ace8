import type { Metadata } from "next";
import { requestLocale } from "@/components/i18n/request-locale";
import { BulkBatchView } from "@/components/payouts/bulk-batch-view";

export async function generateMetadata(): Promise<Metadata> {
  const { messages } = await requestLocale();
  return { title: `${messages.bulk.batchTitle} · ${messages.bulk.title}` };
}

/** A bulk batch followed live: its id is the address, so reload and language switch keep it. */
export default async function Page({ params }: { params: Promise<{ batch_id: string }> }) {
  const { batch_id } = await params;
  return <BulkBatchView batchId={decodeURIComponent(batch_id)} />;
}
