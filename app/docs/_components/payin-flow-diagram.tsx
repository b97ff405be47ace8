import { coverage, type AuthorizationKind } from "@/server/catalog/coverage";

/**
 * The four payin paths of D7 as a diagram (HTML and CSS: it reflows to one column on a
 * phone). The networks in each lane come from the coverage catalog.
 */
type Lane = { kinds: AuthorizationKind[]; label: string; tone: string; steps: string[] };
const lanes: Lane[] = [
  {
    kinds: ["none"],
    label: "auth_mode: null",
    tone: "border-slate-300 bg-slate-50",
    steps: ["Nothing to show", "The network prompts the customer on their phone", "Customer approves with their PIN"],
  },
  {
    kinds: ["ussd", "approve_on_phone"],
    label: 'auth_mode: "confirm"',
    tone: "border-sky-300 bg-sky-50",
    steps: ["Show `instructions` (HTML) to the customer", "Customer dials the USSD code, or approves the request on the phone", "Processed automatically"],
  },
  {
    kinds: ["pin"],
    label: 'auth_mode: "pin"',
    tone: "border-amber-300 bg-amber-50",
    steps: ["Ask the customer for their PIN / one-time code", "POST …/transactions/{id}/finalize with { otp }", "Processed with that code"],
  },
  {
    kinds: ["redirect"],
    label: "redirect_url set",
    tone: "border-violet-300 bg-violet-50",
    steps: ["Redirect the customer to `redirect_url`", "Customer pays on the hosted checkout page", "Back to your `return_url`"],
  },
];

/** The same lanes in French: only the steps' wording changes. */
const stepsFr: string[][] = [
  ["Rien à afficher", "Le réseau sollicite le client sur son téléphone", "Le client valide avec son code PIN"],
  ["Afficher `instructions` (HTML) au client", "Le client compose le code USSD, ou valide la demande sur son téléphone", "Traité automatiquement"],
  ["Demander au client son code PIN / code à usage unique", "POST …/transactions/{id}/finalize avec { otp }", "Traité avec ce code"],
  ["Rediriger le client vers `redirect_url`", "Le client paie sur la page de paiement hébergée", "Retour à votre `return_url`"],
];

const text = {
  en: {
    aria: "Payin authorization flows",
    server: "Your server",
    others: (count: number) => `Every other network (${count} of them: mtn, moov, airtel, safaricom…)`,
    confirm: "Confirm",
    deliver: "Deliver",
    whenSuccessful: "when status is successful",
    caption: ["A payin not authorised in time becomes ", "; the webhook tells you."],
  },
  fr: {
    aria: "Parcours d’autorisation des encaissements",
    server: "Votre serveur",
    others: (count: number) => `Tous les autres réseaux (${count} : mtn, moov, airtel, safaricom…)`,
    confirm: "Confirmer",
    deliver: "Livrer",
    whenSuccessful: "quand le statut est successful",
    caption: ["Un encaissement non autorisé à temps devient ", " ; le webhook vous le dit."],
  },
};

function networksOf(kinds: AuthorizationKind[], lang: "en" | "fr"): string {
  if (kinds.includes("none")) {
    const count = coverage.reduce((sum, c) => sum + c.networks.filter((n) => n.authorization === "none").length, 0);
    return text[lang].others(count);
  }
  return coverage.flatMap((c) => c.networks.filter((n) => kinds.includes(n.authorization)).map((n) => `${n.id} ${c.code}`)).join(", ");
}

function Arrow() {
  return (
    <div aria-hidden className="flex justify-center py-1 text-slate-400">
      <svg width="16" height="20" viewBox="0 0 16 20" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M8 0v17M2 11l6 7 6-7" />
      </svg>
    </div>
  );
}

const code = (s: string) => s.split(/(`[^`]+`)/).map((part, i) => (part.startsWith("`") ? <code key={i}>{part.slice(1, -1)}</code> : part));

export function PayinFlowDiagram({ lang = "en" }: { lang?: "en" | "fr" }) {
  const t = text[lang];
  return (
    <figure className="my-6 rounded-xl border border-slate-200 p-3 sm:p-5" aria-label={t.aria}>
      <div className="mx-auto max-w-md rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm">
        <span className="font-semibold text-slate-900">{t.server}</span>
        <br />
        <code>POST /api/v1/merchant/payin</code> → <code>status: &quot;pending&quot;</code>
      </div>
      <Arrow />
      <div className="grid gap-3 sm:grid-cols-2">
        {lanes.map((lane, laneIndex) => (
          <div key={lane.label} className={`rounded-lg border p-3 text-sm ${lane.tone}`}>
            <div className="font-mono text-xs font-semibold text-slate-900">{lane.label}</div>
            <div className="mt-1 text-xs text-slate-500">{networksOf(lane.kinds, lang)}</div>
            <ol className="!my-2 !list-none !pl-0">
              {(lang === "fr" ? stepsFr[laneIndex] : lane.steps).map((s, i) => (
                <li key={s} className="flex gap-2 leading-snug">
                  <span className="mt-0.5 grid h-4 w-4 shrink-0 place-items-center rounded-full bg-white text-[10px] font-semibold text-slate-600 ring-1 ring-slate-300">
                    {i + 1}
                  </span>
                  <span className="min-w-0 [overflow-wrap:anywhere]">{code(s)}</span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
      <Arrow />
      <div className="mx-auto grid max-w-xl gap-2 text-center text-sm sm:grid-cols-3">
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2">
          <span className="font-semibold text-slate-900">Webhook</span>
          <br />
          <span className="text-xs">successful / failed / cancelled</span>
        </div>
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2">
          <span className="font-semibold text-slate-900">{t.confirm}</span>
          <br />
          <code className="text-xs">GET …/transactions/{"{id}"}</code>
        </div>
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2">
          <span className="font-semibold text-slate-900">{t.deliver}</span>
          <br />
          <span className="text-xs">{t.whenSuccessful}</span>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-slate-500">
        {t.caption[0]}
        <code>cancelled</code>
        {t.caption[1]}
      </figcaption>
    </figure>
  );
}
