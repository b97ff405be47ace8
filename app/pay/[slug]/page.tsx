import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { formatMoney } from "@/components/i18n/format";
import { translate } from "@/components/i18n/messages";
import { requestLocale, titled } from "@/components/i18n/request-locale";
import { PayForm } from "@/components/pay/pay-form";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { payCountries } from "@/components/pay/pay-countries";
import { ShareLink } from "@/components/pay/share-link";
import { getDb } from "@/server/db/client";
import { toDecimalString } from "@/server/money";
import { findLinkBySlug, linkState, linkUrl } from "@/server/payment-links/links";
import { docsOrigin as pageOrigin } from "@/app/docs/_components/origin";

export const generateMetadata = titled((m) => m.pay.payTitle, { robots: { index: false, follow: false } });

/** A payment link's public page (issue 21). */
export default async function PayLinkPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const found = await findLinkBySlug(await getDb(), slug);
  if (!found) notFound();
  const { link, merchantName, stats } = found;
  const { locale, messages } = await requestLocale();
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(messages, key, vars, locale);
  const state = linkState(link, stats);
  const dec = (m: bigint | null) => (m === null ? null : toDecimalString(m));
  const url = linkUrl(await pageOrigin(), link.slug);
  const qrSvg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });

  return (
    <PayShell securedBy={t("pay.securedBy")} testMode={link.mode === "test" ? t("pay.testMode") : null}>
      <PayCard>
        <div className="space-y-1 border-b border-slate-100 px-5 py-5 text-center">
          <p className="text-sm font-medium text-slate-600">{t("pay.payTo", { merchant: merchantName })}</p>
          <h1 className="text-xl font-semibold text-slate-900">{link.title}</h1>
          {link.description ? <p className="text-sm whitespace-pre-line text-slate-600">{link.description}</p> : null}
          {link.amount !== null ? <p className="pt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(toDecimalString(link.amount), link.currency, locale)}</p> : null}
        </div>
        <div className="px-5 py-5">
          {state === "active" ? (
            <PayForm
              target={{
                kind: "link",
                id: link.slug,
                merchantName,
                currency: link.currency,
                countries: payCountries([link.countryCode], link.currency, locale),
                fixedAmount: dec(link.amount),
                minAmount: dec(link.minAmount),
                maxAmount: dec(link.maxAmount),
                collect: link.collectFields,
              }}
            />
          ) : (
            <div className="space-y-1 text-center" role="status" data-testid="link-closed">
              <p className="font-semibold text-slate-900">{t(`pay.${state}`)}</p>
              <p className="text-sm text-slate-600">{t("pay.closedHint", { merchant: merchantName })}</p>
            </div>
          )}
        </div>
      </PayCard>
      {state === "active" ? <ShareLink url={url} title={link.title} qrSvg={qrSvg} /> : null}
    </PayShell>
  );
}
