import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, messagesFor, pickLocale, translate, type Locale, type MessageKey } from "@/components/i18n/messages";
import { countryName } from "@/components/i18n/format";
import { AvailabilityBar, BarLegend, StatePill, stateDot, type T } from "@/components/status/availability-bar";
import { IncidentList } from "@/components/status/incident-list";
import { SubscribeForm } from "@/components/status/subscribe-form";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { LogoMark } from "@/components/ui/icons";
import { cx } from "@/components/ui/cx";
import { getDb } from "@/server/db/client";
import { cachedStatusOverview } from "@/server/status/overview";
import { pairLabel } from "@/server/status/mails";
import { titled } from "@/components/i18n/request-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = titled((m) => m.titles.status);

const banner = { up: "border-emerald-200 bg-emerald-50 text-emerald-900", degraded: "border-amber-200 bg-amber-50 text-amber-900", down: "border-red-200 bg-red-50 text-red-900" };

function utc(locale: Locale) {
  const f = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (iso: string) => `${f.format(new Date(iso))} UTC`;
}

/**
 * The public status page (issue 25): per country and network, payin and payout
 * availability now and over the last 24 hours, the incidents, and the e-mail subscription.
 * The same data as GET /api/v1/status (server/status/overview.ts).
 */
export default async function StatusPage() {
  const locale = pickLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
  const messages = messagesFor(locale);
  const t: T = (key, vars) => translate(messages, key as MessageKey, vars, locale);
  const status = await cachedStatusOverview(await getDb());
  const when = utc(locale);
  const hour = (iso: string) => when(iso);
  const open = status.incidents.filter((i) => !i.resolvedAt);
  const past = status.incidents.filter((i) => i.resolvedAt);
  const countries = [...status.countries].sort((a, b) => countryName(a.countryCode, locale).localeCompare(countryName(b.countryCode, locale), locale));

  return (
    <main className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3 sm:px-6">
          <LogoMark className="h-7 w-7" />
          <span className="font-semibold text-slate-900">Sika</span>
          <span className="text-sm text-slate-500">{t("statusPage.heading")}</span>
          <LocaleSwitch className="ml-auto" />
        </div>
      </header>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
        <section aria-labelledby="overall">
          <h1 id="overall" className={cx("rounded-xl border p-4 text-lg font-semibold sm:text-xl", banner[status.state])} data-testid="overall" data-state={status.state}>
            <span aria-hidden className={cx("mr-2 inline-block h-3 w-3 rounded-full align-middle", stateDot[status.state])} />
            {t(`statusPage.overall.${status.state}`)}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t("statusPage.intro")}</p>
        </section>

        {open.length ? (
          <section aria-labelledby="active">
            <h2 id="active" className="mb-3 text-base font-semibold text-slate-900">
              {t("statusPage.activeIncidents")}
            </h2>
            <IncidentList incidents={open} t={t} when={when} pairName={pairLabel} />
          </section>
        ) : null}

        <section aria-label={t("statusPage.last24h")} className="space-y-3">
          <BarLegend t={t} />
          <div className="grid gap-4 lg:grid-cols-2">
            {countries.map((c) => (
              <article key={c.countryCode} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`country-${c.countryCode}`}>
                <h2 className="font-semibold text-slate-900">
                  {countryName(c.countryCode, locale)} <span className="text-sm font-normal text-slate-500">{c.countryCode}</span>
                </h2>
                <ul className="mt-3 divide-y divide-slate-100">
                  {c.networks.map((n) => (
                    <li key={n.network} className="py-3" data-testid={`network-${c.countryCode}-${n.network}`}>
                      <p className="text-sm font-medium text-slate-800" title={n.network}>
                        {n.name}
                        {!n.payin.live && !n.payout.live ? (
                          <span title={t("statusPage.sandboxOnlyHint")} className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-normal text-slate-500">
                            {t("statusPage.sandboxOnly")}
                          </span>
                        ) : null}
                      </p>
                      <div className="mt-1.5 grid grid-cols-2 gap-3">
                        {(["payin", "payout"] as const).map((d) => (
                          <div key={d} data-testid={`${d}-${c.countryCode}-${n.network}`}>
                            <div className="mb-1 flex flex-wrap items-center justify-between gap-x-2">
                              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{t(`statusPage.${d}`)}</span>
                              <StatePill state={n[d].state} t={t} />
                            </div>
                            <AvailabilityBar hours={n[d].history} label={`${n.name} ${t(`statusPage.${d}`)}`} t={t} formatHour={hour} />
                          </div>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="past">
          <h2 id="past" className="mb-3 text-base font-semibold text-slate-900">
            {t("statusPage.pastIncidents")}
          </h2>
          {past.length ? <IncidentList incidents={past} t={t} when={when} pairName={pairLabel} /> : <p className="text-sm text-slate-600">{t("statusPage.noIncidents")}</p>}
        </section>

        <section aria-labelledby="subscribe" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="subscribe" className="font-semibold text-slate-900">
            {t("statusPage.subscribeTitle")}
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">{t("statusPage.subscribeText")}</p>
          <SubscribeForm />
        </section>

        <p className="text-xs text-slate-500">
          {t("statusPage.api", { path: "GET /api/v1/status" })} · {when(status.generatedAt)}
        </p>
      </div>
    </main>
  );
}
