import { FeesPage } from "@/components/console/fees-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleFees);

export default function Page() {
  return <FeesPage />;
}
