import { StatusIncidentsPage } from "@/components/console/status-incidents-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleIncidents);

export default function Page() {
  return <StatusIncidentsPage />;
}
