import type { Metadata } from "next";
import { StatusIncidentsPage } from "@/components/console/status-incidents-page";

export const metadata: Metadata = { title: "Status page incidents" };

export default function Page() {
  return <StatusIncidentsPage />;
}
