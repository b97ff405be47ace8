import { LiveRailsPage } from "@/components/console/live-rails-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleLive);

export default function Page() {
  return <LiveRailsPage />;
}
