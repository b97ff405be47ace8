import { MerchantsPage } from "@/components/console/merchants-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.console);

export default function Page() {
  return <MerchantsPage />;
}
