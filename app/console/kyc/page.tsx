import { KycReviewPage } from "@/components/console/kyc-review-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.consoleKyc);

export default function Page() {
  return <KycReviewPage />;
}
