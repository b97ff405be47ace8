import { EndpointDetail } from "@/components/developers/endpoint-detail";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.endpoint);

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EndpointDetail id={decodeURIComponent(id)} />;
}
