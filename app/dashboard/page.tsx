import { OverviewPage } from "@/components/overview/overview-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.overview);

export default function Page() {
  return <OverviewPage />;
}
