import { LogDetail } from "@/components/developers/log-detail";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.request);

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LogDetail id={decodeURIComponent(id)} />;
}
