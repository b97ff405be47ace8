import type { Metadata } from "next";
import { MerchantDetail } from "@/components/console/merchant-detail";

export const metadata: Metadata = { title: "Merchant" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MerchantDetail merchantId={decodeURIComponent(id)} />;
}
