import { SettingsPage } from "@/components/settings/settings-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.settings);

export default function Page() {
  return <SettingsPage />;
}
