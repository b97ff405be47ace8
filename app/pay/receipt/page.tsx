import { notFound } from "next/navigation";
import { formatDateTime, formatMoney } from "@/components/i18n/format";
import { translate } from "@/components/i18n/messages";
import { requestLocale, titled } from "@/components/i18n/request-locale";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { PrintButton, ReceiptRefresher, ReturnCountdown } from "@/components/pay/receipt-live";
import { AlertIcon, CheckIcon, Spinner } from "@/components/ui/icons";
import { getDb } from "@/server/db/client";
import { hostedReceipt } from "@/server/payment-links/receipt";

export const generateMetadata = titled((m) => m.pay.receipt, { robots: { index: false, follow: false } });

/** The live status, then the receipt, of a payment made on a hosted page (issue 21). */
export default async function ReceiptPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const id = (await searchParams).transaction_id;
  const r = typeof id === "string" ? await hostedReceipt(await getDb(), id) : null;
  if (!r) notFound();
  const { locale, messages } = await requestLocale();
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(messages, key, vars, locale);
  const money = (v: string) => formatMoney(v, r.currency, locale);
  const ok = r.status === "successful";
  const again = r.linkSlug ? `/pay/${r.linkSlug}` : r.sessionId ? `/pay/session/${r.sessionId}` : null;

  return (
    <PayShell securedBy={t("pay.securedBy")} testMode={r.mode === "test" ? t("pay.testMode") : null}>
      <PayCard>
        <div className="space-y-3 border-b border-slate-100 px-5 py-6 text-center" role="status" data-testid="pay-status" data-status={r.status}>
          {r.status === "pending" ? (
            <>
              <ReceiptRefresher />
              <Spinner className="mx-auto h-10 w-10 text-emerald-700" />
              <h1 className="text-lg font-semibold text-slate-900">{t("pay.waiting")}</h1>
              <p className="text-sm text-slate-600">{t("pay.waitingText", { amount: money(r.total), merchant: r.merchantName })}</p>
            </>
          ) : (
            <>
              <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${ok ? "bg-emerald-100 text-emerald-700" : "bg-red-100 text-red-700"}`}>
                {ok ? <CheckIcon className="h-7 w-7" /> : <AlertIcon className="h-7 w-7" />}
              </div>
              <h1 className="text-lg font-semibold text-slate-900">{t(`pay.${r.status}`)}</h1>
              <p className="text-sm text-slate-600">{t(`pay.${r.status}Text`, { merchant: r.merchantName })}</p>
            </>
          )}
        </div>
        <div className="px-5 pt-2">
          <h2 className="pt-2 text-xs font-medium tracking-wide text-slate-500 uppercase">{t("pay.receipt")}</h2>
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t("pay.paidTo")} value={r.merchantName} />
            {r.title ? <Row label={t("pay.for")} value={r.title} /> : null}
            <Row label={t("pay.amount")} value={money(r.amount)} />
            <Row label={t("pay.fee")} value={money(r.fee)} />
            <Row label={t(ok ? "pay.totalPaid" : "pay.total")} value={money(r.total)} strong />
            <Row label={t("pay.network")} value={r.networkName} />
            <Row label={t("pay.phoneShort")} value={r.maskedPhone} />
            {r.reference ? <Row label={t("pay.orderRef")} value={r.reference} /> : null}
            <Row label={t("pay.date")} value={formatDateTime(r.completedAt ?? r.createdAt, locale)} />
            <Row label={t("pay.transaction")} value={r.transactionId} mono />
          </dl>
        </div>
        <div className="space-y-2 px-5 py-5">
          {r.returnUrl ? (
            <>
              <a href={r.returnUrl} className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800">
                {t("pay.returnTo", { merchant: r.merchantName })}
              </a>
              {ok ? <ReturnCountdown url={r.returnUrl} merchant={r.merchantName} /> : null}
            </>
          ) : null}
          {!ok && r.status !== "pending" && again ? (
            <a href={again} className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800">
              {t("pay.again")}
            </a>
          ) : null}
          {ok ? <PrintButton /> : null}
        </div>
      </PayCard>
    </PayShell>
  );
}

function Row({ label, value, strong, mono }: { label: string; value: string; strong?: boolean; mono?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      {/* Words wrap at their spaces (a link's title); only an id, one long token, may break anywhere. */}
      <dd className={`text-right tabular-nums ${strong ? "font-semibold text-slate-900" : "text-slate-800"} ${mono ? "font-mono text-xs break-all" : "[overflow-wrap:anywhere]"}`} data-testid="receipt-value">
        {value}
      </dd>
    </div>
  );
}
