import type { Metadata } from "next";
import { KycPage } from "@/components/kyc/kyc-page";

export const metadata: Metadata = { title: "Verification" };

export default function Page() {
  return <KycPage />;
}
