import { DevelopersPage } from "@/components/developers/developers-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.developers);

export default function Page() {
  return <DevelopersPage />;
}
