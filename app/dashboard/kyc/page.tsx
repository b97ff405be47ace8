import { KycPage } from "@/components/kyc/kyc-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.kyc);

export default function Page() {
  return <KycPage />;
}
