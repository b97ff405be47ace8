import { OverviewPage } from "@/components/overview/overview-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.overview);

export default function Page() {
  return <OverviewPage />;
}
