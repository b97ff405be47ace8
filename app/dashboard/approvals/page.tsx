import { ApprovalsPage } from "@/components/control/approvals-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.approvals);

export default function Page() {
  return <ApprovalsPage />;
}
