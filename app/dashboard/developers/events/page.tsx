import type { Metadata } from "next";
import { EventsPage } from "@/components/developers/events-page";

export const metadata: Metadata = { title: "Events" };

export default function Page() {
  return <EventsPage />;
}
