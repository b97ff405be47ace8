import type { Metadata } from "next";
import { KycReviewPage } from "@/components/console/kyc-review-page";

export const metadata: Metadata = { title: "KYC review" };

export default function Page() {
  return <KycReviewPage />;
}
