import { EventsPage } from "@/components/developers/events-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.events);

export default function Page() {
  return <EventsPage />;
}
