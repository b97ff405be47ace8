import { titled } from "@/components/i18n/request-locale";
import { SiteNotFound } from "@/components/public/not-found-view";

export const generateMetadata = titled((m) => m.titles.notFound, { robots: { index: false } });

/** Any address no page answers, and notFound() outside the payer's pages. */
export default SiteNotFound;
