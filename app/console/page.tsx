import type { Metadata } from "next";
import { MerchantsPage } from "@/components/console/merchants-page";

export const metadata: Metadata = { title: "Operator console" };

export default function Page() {
  return <MerchantsPage />;
}
