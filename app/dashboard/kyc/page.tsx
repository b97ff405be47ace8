import { KycPage } from "@/components/kyc/kyc-page";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.kyc);

export default function Page() {
  return <KycPage />;
}
