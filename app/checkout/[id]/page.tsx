import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { formatMoney } from "@/components/i18n/format";
import { LOCALE_COOKIE, pickLocale } from "@/components/i18n/messages";
import { LogoMark, ShieldIcon } from "@/components/ui/icons";
import { getDb } from "@/server/db/client";
import { getCheckoutView } from "@/server/payments/checkout";
import { CheckoutPanel } from "./checkout-panel";
import { checkoutCopy, fill } from "./copy";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.pay.checkoutTitle, { robots: { index: false, follow: false } });

/**
 * The hosted checkout of payins whose network redirects the customer (wave, D7). Public:
 * the customer reaches it from the merchant's redirect, with nothing but the payin id.
 */
export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const view = await getCheckoutView(await getDb(), id);
  if (!view) notFound();
  const locale = pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  const copy = checkoutCopy(locale);
  const money = (amount: string) => formatMoney(amount, view.currency, locale);

  return (
    <main className="min-h-screen bg-slate-100 px-4 py-6 sm:py-12">
      <div className="mx-auto w-full max-w-md space-y-4">
        <header className="flex items-center justify-between">
          <div className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-semibold text-slate-900">Sika</span>
          </div>
          <span className="flex items-center gap-1 text-xs text-slate-500">
            <ShieldIcon className="h-4 w-4 text-emerald-700" />
            {copy.securedBy}
          </span>
        </header>

        {view.mode === "test" ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {copy.testMode} {view.status === "pending" ? copy.testModeChoose : null}
          </p>
        ) : null}

        <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="space-y-1 border-b border-slate-100 px-5 py-6 text-center">
            <h1 className="text-sm font-medium text-slate-600">{fill(copy.title, { merchant: view.merchantName })}</h1>
            <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{money(view.total)}</p>
          </div>

          <dl className="divide-y divide-slate-100 px-5 text-sm">
            <Row label={copy.network} value={view.networkName} />
            <Row label={copy.phone} value={view.maskedPhone} />
            {view.orderId ? <Row label={copy.reference} value={view.orderId} /> : null}
            <Row label={copy.amount} value={money(view.amount)} />
            <Row label={copy.fee} value={money(view.fee)} />
            <Row label={copy.total} value={money(view.total)} strong />
          </dl>

          <div className="border-t border-slate-100 px-5 py-5">
            <CheckoutPanel
              key={view.status}
              id={view.id}
              mode={view.mode}
              initialStatus={view.status}
              initialReturnUrl={view.returnUrl}
              merchantName={view.merchantName}
              networkName={view.networkName}
              copy={copy}
            />
          </div>
        </section>

        <p className="text-center text-xs [overflow-wrap:anywhere] text-slate-400">
          {copy.transaction} {view.id}
        </p>
      </div>
    </main>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className={`text-right [overflow-wrap:anywhere] tabular-nums ${strong ? "font-semibold text-slate-900" : "text-slate-800"}`}>{value}</dd>
    </div>
  );
}
