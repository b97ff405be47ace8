import { env } from "@/server/env";
import { SANDBOX_DELAY_MAX_MS } from "@/server/payments/sandbox-delay";

/**
 * What the testing guide states, read from the code so the guide cannot drift: the timing
 * settings and their current values, the test ids the dashboard keeps stable.
 */
export function timingSettings() {
  const e = env();
  return [
    { name: "SANDBOX_DELAY_MS", value: `${e.SANDBOX_DELAY_MS}`, en: "Delay before a sandbox outcome lands (server-wide).", fr: "Délai avant l’issue sandbox (pour tout le serveur)." },
    { name: "metadata.sandbox_delay_ms", value: `0 – ${SANDBOX_DELAY_MAX_MS}`, en: "The same, for one payin (request field; ignored in live mode).", fr: "La même chose pour un encaissement (champ de la requête ; ignoré en production)." },
    { name: "PAYIN_EXPIRY_SECONDS", value: `${e.PAYIN_EXPIRY_SECONDS}`, en: "A payin nobody authorizes is cancelled after this.", fr: "Un encaissement jamais autorisé est annulé après ce délai." },
    { name: "PAYOUT_TIMEOUT_SECONDS", value: `${e.PAYOUT_TIMEOUT_SECONDS}`, en: "A payout still pending fails (and is refunded) after this.", fr: "Un décaissement encore en attente échoue (et est remboursé) après ce délai." },
    { name: "WORKER_INTERVAL_MS", value: `${e.WORKER_INTERVAL_MS}`, en: "How often the worker looks for due outcomes and webhooks.", fr: "Fréquence à laquelle le worker applique les issues et envoie les webhooks." },
    { name: "WEBHOOK_RETRY_SCHEDULE", value: e.WEBHOOK_RETRY_SCHEDULE, en: "Seconds between webhook retries (short values for test servers).", fr: "Secondes entre les nouvelles tentatives de webhook (valeurs courtes pour un serveur de test)." },
  ];
}

/** The dashboard's test ids that QA suites may rely on (a change is a breaking change, announced). */
export const STABLE_TEST_IDS: Array<{ id: string; en: string; fr: string }> = [
  { id: "transaction-row / transaction-row-mobile", en: "A transaction in a list (table row on desktop, card on phones).", fr: "Une transaction dans une liste (ligne sur ordinateur, carte sur téléphone)." },
  { id: "transaction-amount", en: "The amount heading of a transaction's page (signed: − for money out).", fr: "Le montant en titre de la page d’une transaction (signé : − pour l’argent sortant)." },
  { id: "refund-state", en: "“Refunded” / “Partially refunded” on a payin.", fr: "« Remboursé » / « Remboursé en partie » sur un encaissement." },
  { id: "failure-reason", en: "Why a transaction failed or was cancelled (its detail page).", fr: "Pourquoi une transaction a échoué ou a été annulée (sa page)." },
  { id: "timeline-reason", en: "A reason in a transaction's timeline.", fr: "Un motif dans l’historique d’une transaction." },
  { id: "refund-row / refund-row-mobile", en: "A refund under its payin.", fr: "Un remboursement sous son encaissement." },
  { id: "webhook-event / webhook-attempt (…-mobile)", en: "A webhook event and one delivery attempt.", fr: "Un événement webhook et une tentative de livraison." },
  { id: "balance-<CURRENCY>", en: "A balance on the overview (balance-XOF).", fr: "Un solde sur la vue d’ensemble (balance-XOF)." },
  { id: "create-key / new-api-key", en: "The Create key button; the key shown once in its dialog.", fr: "Le bouton Créer une clé ; la clé affichée une seule fois." },
  { id: "webhook-secret", en: "The webhook signing secret (Developers).", fr: "Le secret de signature des webhooks (Développeurs)." },
  { id: "statement-movement / statement-movement-mobile", en: "A statement line.", fr: "Une ligne de relevé." },
  { id: "statement-opening / -credits / -debits / -closing", en: "The statement's totals.", fr: "Les totaux du relevé." },
  { id: "statement-csv", en: "The statement's CSV download.", fr: "Le téléchargement CSV du relevé." },
  { id: "bulk-line-<n> / batch-line-<n> / bulk-batch", en: "A bulk CSV preview line, a sent batch's line, a past batch.", fr: "Une ligne d’aperçu CSV, une ligne de lot envoyé, un lot passé." },
  { id: "send-payout / payout-quote / payout-error", en: "The payout dialog's button, fee quote and error.", fr: "Le bouton, le devis de frais et l’erreur de la fenêtre de décaissement." },
  { id: "team-member / team-member-mobile / invite-link", en: "A team member; the invitation link.", fr: "Un membre de l’équipe ; le lien d’invitation." },
  { id: "kyc-status", en: "The business verification status.", fr: "Le statut de vérification de l’entreprise." },
  { id: "reset-test-data", en: "Settings → Reset test data (owners).", fr: "Paramètres → Réinitialiser les données de test (propriétaires)." },
  { id: "mode-test / mode-live", en: "The Test / Live switch.", fr: "Le sélecteur Test / Production." },
];
