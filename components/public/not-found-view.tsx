import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { FrontCard } from "./front-card";
import { requestLocale } from "@/components/i18n/request-locale";

/**
 * The 404 pages, in the visitor's language. Next's own ("404 This page could not be
 * found.", English, unbranded) was what a mistyped dashboard address showed a merchant in
 * Dakar, and what a payer opening a payment link that does not exist saw.
 */
export async function SiteNotFound() {
  const { notFound: m } = (await requestLocale()).messages;
  const links = [
    { href: "/", label: m.home },
    { href: "/dashboard", label: m.dashboard, prefetch: false as const },
    { href: "/docs", label: m.docs },
  ];
  return <FrontCard testId="not-found" eyebrow="404" title={m.title} lead={m.body} links={links} />;
}

/** A payer's 404 (payment link, payment session, checkout, receipt): their words, no way into the dashboard. */
export async function PayNotFound() {
  const { notFound: m, pay } = (await requestLocale()).messages;
  return (
    <PayShell securedBy={pay.securedBy}>
      <PayCard>
        <div className="space-y-2 px-5 py-6 text-center" data-testid="not-found">
          <h1 className="text-lg font-semibold text-slate-900">{m.payTitle}</h1>
          <p className="text-sm text-slate-600">{m.payBody}</p>
        </div>
      </PayCard>
    </PayShell>
  );
}
