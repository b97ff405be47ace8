import { AuditPage } from "@/components/control/audit-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.audit);

export default function Page() {
  return <AuditPage />;
}
