import { Suspense } from "react";
import { TransactionsPage } from "@/components/transactions/transactions-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.transactions);

export default function Page() {
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
