import { StatementsPage } from "@/components/statements/statements-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.statements);

export default function Page() {
  return <StatementsPage />;
}
