import { StatementsPage } from "@/components/statements/statements-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.statements);

export default function Page() {
  return <StatementsPage />;
}
