import { KycReviewPage } from "@/components/console/kyc-review-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.consoleKyc);

export default function Page() {
  return <KycReviewPage />;
}
