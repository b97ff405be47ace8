import { titled } from "@/components/i18n/request-locale";
import { PayNotFound } from "@/components/public/not-found-view";

export const generateMetadata = titled((m) => m.notFound.payTitle, { robots: { index: false } });

/** A payment page whose link leads nowhere (notFound() in this segment): the payer's words. */
export default PayNotFound;
