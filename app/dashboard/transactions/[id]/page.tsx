import { TransactionDetail } from "@/components/transactions/transaction-detail";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.transaction);

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionDetail id={decodeURIComponent(id)} />;
}
