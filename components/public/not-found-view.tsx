import { AuthFrame } from "@/components/auth/auth-frame";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { FrontLinks } from "./front-links";
import { requestLocale } from "@/components/i18n/request-locale";

/**
 * The 404 pages, in the visitor's language. Next's own ("404 This page could not be
 * found.", English, unbranded) was what a mistyped dashboard address showed a merchant in
 * Dakar, and what a payer opening a payment link that does not exist saw.
 */
export async function SiteNotFound() {
  const { notFound: m } = (await requestLocale()).messages;
  return (
    <AuthFrame>
      <div className="space-y-3" data-testid="not-found">
        <p className="text-sm font-semibold text-emerald-700">404</p>
        <h1 className="text-xl font-semibold text-slate-900">{m.title}</h1>
        <p className="text-sm text-slate-600">{m.body}</p>
        <FrontLinks
          links={[
            { href: "/", label: m.home },
            { href: "/dashboard", label: m.dashboard },
            { href: "/docs", label: m.docs },
          ]}
        />
      </div>
    </AuthFrame>
  );
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
