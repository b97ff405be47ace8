import { notFound, redirect } from "next/navigation";
import { formatMoney } from "@/components/i18n/format";
import { translate } from "@/components/i18n/messages";
import { requestLocale, titled } from "@/components/i18n/request-locale";
import { PayForm } from "@/components/pay/pay-form";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { payCountries } from "@/components/pay/pay-countries";
import { getDb } from "@/server/db/client";
import { toDecimalString } from "@/server/money";
import { findSessionForPage, sessionReturnUrl } from "@/server/payment-links/checkout-sessions";

export const generateMetadata = titled((m) => m.pay.checkoutTitle, { robots: { index: false, follow: false } });

/** A hosted checkout session's page (issue 21): the integrator's customer pays one order here. */
export default async function CheckoutSessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const found = await findSessionForPage(await getDb(), id);
  if (!found) notFound();
  const { session, merchantName, status, paymentStatus } = found;
  // A payment under way: its live status page.
  if (status === "open" && paymentStatus === "pending" && session.transactionId) redirect(`/pay/receipt?transaction_id=${session.transactionId}`);
  const { locale, messages } = await requestLocale();
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(messages, key, vars, locale);
  const amount = toDecimalString(session.amount);

  return (
    <PayShell securedBy={t("pay.securedBy")} testMode={session.mode === "test" ? t("pay.testMode") : null}>
      <PayCard>
        <div className="space-y-1 border-b border-slate-100 px-5 py-5 text-center">
          <h1 className="text-sm font-medium text-slate-600">{t("pay.payTo", { merchant: merchantName })}</h1>
          <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(amount, session.currency, locale)}</p>
          {session.description ? <p className="text-sm text-slate-600">{session.description}</p> : null}
          <p className="text-xs text-slate-400">{session.orderId}</p>
        </div>
        <div className="px-5 py-5">
          {status === "open" ? (
            <PayForm
              target={{
                kind: "session",
                id: session.id,
                merchantName,
                currency: session.currency,
                countries: payCountries(session.countryCode ? [session.countryCode] : null, session.currency, locale),
                fixedAmount: amount,
                minAmount: null,
                maxAmount: null,
                collect: [],
              }}
            />
          ) : (
            <div className="space-y-3 text-center" role="status" data-testid="session-closed">
              <p className="font-semibold text-slate-900">{t(status === "complete" ? "pay.sessionComplete" : "pay.sessionExpired")}</p>
              <a href={sessionReturnUrl(session, status)} className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800">
                {t("pay.returnTo", { merchant: merchantName })}
              </a>
            </div>
          )}
        </div>
      </PayCard>
    </PayShell>
  );
}
