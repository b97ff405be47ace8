import { EndpointsPage } from "@/components/developers/endpoints-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.endpoints);

export default function Page() {
  return <EndpointsPage />;
}
