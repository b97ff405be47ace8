import { MerchantDetail } from "@/components/console/merchant-detail";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleMerchant);

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MerchantDetail merchantId={decodeURIComponent(id)} />;
}
