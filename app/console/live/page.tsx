import type { Metadata } from "next";
import { LiveRailsPage } from "@/components/console/live-rails-page";

export const metadata: Metadata = { title: "Live rails" };

export default function Page() {
  return <LiveRailsPage />;
}
