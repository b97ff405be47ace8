import { LogsPage } from "@/components/developers/logs-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.requestLogs);

/** `?transaction=` pre-fills the filter (the transaction page links here). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const transaction = typeof q.transaction === "string" ? q.transaction.slice(0, 100) : undefined;
  return <LogsPage key={transaction ?? ""} initialTransactionId={transaction} />;
}
