import { Suspense } from "react";
import { TransactionsPage } from "@/components/transactions/transactions-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.transactions);

export default function Page() {
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
