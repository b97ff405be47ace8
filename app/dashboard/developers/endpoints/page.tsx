import type { Metadata } from "next";
import { EndpointsPage } from "@/components/developers/endpoints-page";

export const metadata: Metadata = { title: "Webhook endpoints" };

export default function Page() {
  return <EndpointsPage />;
}
