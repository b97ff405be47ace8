import { findCountry, findNetwork } from "../catalog/coverage";
import type { IncidentChange } from "./incidents";

/** The status page's mails, in English and French (plain text: every client reads it). */
export type MailLocale = "en" | "fr";

const words = {
  en: {
    confirmSubject: "Confirm your Sika status subscription",
    confirmBody: (url: string) => `Someone (we hope you) asked to receive Sika incident notices at this address.\n\nConfirm: ${url}\n\nIf it was not you, ignore this mail: nothing will be sent.`,
    kinds: { created: "New incident", updated: "Incident update", resolved: "Resolved" },
    status: { investigating: "Investigating", identified: "Identified", monitoring: "Monitoring", resolved: "Resolved" } as Record<string, string>,
    impact: { degraded: "degraded", down: "unavailable" } as Record<string, string>,
    affected: "Affected",
    colon: ":",
    page: "Status page",
    unsubscribe: "Stop these mails",
  },
  fr: {
    confirmSubject: "Confirmez votre abonnement au statut Sika",
    confirmBody: (url: string) => `Quelqu'un (vous, espérons-le) a demandé à recevoir les avis d'incident Sika à cette adresse.\n\nConfirmer\u00a0: ${url}\n\nSi ce n'était pas vous, ignorez ce message : rien ne sera envoyé.`,
    kinds: { created: "Nouvel incident", updated: "Mise à jour de l'incident", resolved: "Résolu" },
    status: { investigating: "Analyse en cours", identified: "Cause identifiée", monitoring: "Surveillance", resolved: "Résolu" } as Record<string, string>,
    impact: { degraded: "dégradé", down: "indisponible" } as Record<string, string>,
    affected: "Réseaux concernés",
    colon: "\u00a0:",
    page: "Page de statut",
    unsubscribe: "Ne plus recevoir ces messages",
  },
};

export function confirmationMail(locale: MailLocale, url: string): { subject: string; text: string } {
  const w = words[locale];
  return { subject: w.confirmSubject, text: w.confirmBody(url) };
}

export function pairLabel(pair: string): string {
  const [cc, network] = pair.split(":");
  const country = findCountry(cc);
  const n = country ? findNetwork(country, network) : undefined;
  return `${n?.name ?? network} (${country?.name ?? cc})`;
}

export function incidentMail(locale: MailLocale, change: IncidentChange, pageUrl: string, unsubscribeUrl: string): { subject: string; text: string } {
  const w = words[locale];
  const i = change.incident;
  const c = w.colon;
  const subject = `[Sika] ${w.kinds[change.kind]}${c} ${i.title}`;
  const text = [
    `${w.kinds[change.kind]}${c} ${i.title}`,
    "",
    `${w.status[change.update.status] ?? change.update.status} — ${change.update.message}`,
    "",
    `${w.affected} (${w.impact[i.impact]})${c} ${i.affected.map(pairLabel).join(", ")}`,
    "",
    `${w.page}${c} ${pageUrl}`,
    `${w.unsubscribe}${c} ${unsubscribeUrl}`,
  ].join("\n");
  return { subject, text };
}
