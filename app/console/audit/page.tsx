import { ConsoleAuditPage } from "@/components/console/audit-log-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleAudit);

export default function Page() {
  return <ConsoleAuditPage />;
}
