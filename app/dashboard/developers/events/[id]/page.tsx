import { EventDetail } from "@/components/developers/event-detail";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.event);

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EventDetail id={decodeURIComponent(id)} />;
}
