import type { Metadata } from "next";
import { EndpointDetail } from "@/components/developers/endpoint-detail";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EndpointDetail id={decodeURIComponent(id)} />;
}
