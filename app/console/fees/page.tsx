import { FeesPage } from "@/components/console/fees-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.consoleFees);

export default function Page() {
  return <FeesPage />;
}
