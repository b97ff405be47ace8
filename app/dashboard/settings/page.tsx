import { SettingsPage } from "@/components/settings/settings-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.settings);

export default function Page() {
  return <SettingsPage />;
}
