import { MerchantsPage } from "@/components/console/merchants-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.console);

export default function Page() {
  return <MerchantsPage />;
}
