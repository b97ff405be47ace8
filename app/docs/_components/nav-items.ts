/** The guides, in reading order (sidebar and the overview's cards). */
export const guides = [
  { href: "/docs", title: "Overview", blurb: "What Sika does and where to start." },
  { href: "/docs/quickstart", title: "Quick start", blurb: "Your first test payin in five minutes, with curl." },
  { href: "/docs/test-mode", title: "Test mode & sandbox numbers", blurb: "Phone numbers that succeed, fail, cancel or hang, per country." },
  { href: "/docs/testing", title: "Testing with Sika", blurb: "For QA teams: decide outcomes, reset test data, stable selectors, an example Playwright suite." },
  { href: "/docs/payin-flows", title: "Payin authorization flows", blurb: "USSD, PIN, hosted checkout, approve on phone: what to do with each." },
  { href: "/docs/webhooks", title: "Webhooks", blurb: "Verify signatures in Node, PHP and Python; dedupe; confirm by status." },
  { href: "/docs/errors", title: "Errors", blurb: "Every status code and message, and which wins when several apply." },
  { href: "/docs/coverage", title: "Coverage, limits & fees", blurb: "15 countries, their networks, amount limits, rounding and fees." },
  { href: "/docs/network-prediction", title: "Network prediction", blurb: "Which network a phone number belongs to, from the regulators' numbering plans." },
  { href: "/docs/statements", title: "Statements", blurb: "Opening balance, every movement, closing balance: reconcile in JSON or CSV." },
  { href: "/docs/refunds", title: "Refunds", blurb: "Give a customer's money back, in full or in part, with its own status and webhooks." },
  { href: "/docs/bulk-payouts", title: "Bulk payouts", blurb: "Up to 1,000 payouts in one request, each checked on its own." },
  { href: "/docs/migrating-from-mbiyopay", title: "Migrating from MbiyoPay", blurb: "Keep your code: the paths it calls, and amounts in major units." },
  { href: "/docs/typescript", title: "TypeScript client", blurb: "Types generated from the OpenAPI document, with openapi-fetch." },
  { href: "/docs/integrators", title: "Logs, events & endpoints", blurb: "Your API requests, every event, and several webhook endpoints with filters." },
  { href: "/docs/payment-links", title: "Payment links", blurb: "A page anyone pays you on by mobile money: share it on WhatsApp or as a QR code." },
  { href: "/docs/checkout-sessions", title: "Hosted checkout sessions", blurb: "Send your customer to a Sika page to pay an order, and get them back." },
  { href: "/docs/settlements", title: "Settlements to the bank", blurb: "Bank accounts per country, settlement requests, fees, webhooks and the automatic schedule." },
] as const;

/** The guides' titles and blurbs in French (the sidebar and overview of a French reader). */
export const guidesFr: Record<(typeof guides)[number]["href"], { title: string; blurb: string }> = {
  "/docs": { title: "Présentation", blurb: "Ce que fait Sika et par où commencer." },
  "/docs/quickstart": { title: "Démarrage rapide", blurb: "Votre premier encaissement de test en cinq minutes, avec curl." },
  "/docs/test-mode": { title: "Mode test et numéros sandbox", blurb: "Les numéros qui réussissent, échouent, sont annulés ou restent en attente, par pays." },
  "/docs/testing": { title: "Tester avec Sika", blurb: "Pour les équipes QA : décider des issues, remettre à zéro, sélecteurs stables, une suite Playwright d’exemple." },
  "/docs/payin-flows": { title: "Parcours d’autorisation", blurb: "USSD, code PIN, page de paiement, validation sur le téléphone : que faire dans chaque cas." },
  "/docs/webhooks": { title: "Webhooks", blurb: "Vérifier les signatures en Node, PHP et Python ; dédoublonner ; confirmer par le statut." },
  "/docs/errors": { title: "Erreurs", blurb: "Chaque code et message d’erreur, et lequel l’emporte quand plusieurs s’appliquent." },
  "/docs/coverage": { title: "Couverture, plafonds et frais", blurb: "15 pays, leurs réseaux, les montants minimum et maximum, l’arrondi et les frais." },
  "/docs/network-prediction": { title: "Prédiction du réseau", blurb: "À quel réseau appartient un numéro, d’après les plans de numérotation des régulateurs." },
  "/docs/statements": { title: "Relevés", blurb: "Solde d’ouverture, chaque mouvement, solde de clôture : rapprochez en JSON ou en CSV." },
  "/docs/refunds": { title: "Remboursements", blurb: "Rendre l’argent d’un client, en tout ou en partie, avec son propre statut et ses webhooks." },
  "/docs/bulk-payouts": { title: "Décaissements groupés", blurb: "Jusqu’à 1 000 décaissements en une requête, chacun vérifié à part." },
  "/docs/migrating-from-mbiyopay": { title: "Migrer depuis MbiyoPay", blurb: "Gardez votre code : les chemins qu’il appelle, et les montants en unités." },
  "/docs/typescript": { title: "Client TypeScript", blurb: "Des types générés depuis le document OpenAPI, avec openapi-fetch." },
  "/docs/integrators": { title: "Journaux, événements, webhooks", blurb: "Vos requêtes API, chaque événement, et plusieurs points de terminaison webhook filtrés." },
  "/docs/payment-links": { title: "Liens de paiement", blurb: "Une page où l’on vous paie par mobile money : à partager sur WhatsApp ou en QR code." },
  "/docs/checkout-sessions": { title: "Sessions de paiement hébergées", blurb: "Envoyez votre client payer une commande sur une page Sika, puis faites-le revenir." },
  "/docs/settlements": { title: "Reversements vers la banque", blurb: "Comptes bancaires par pays, demandes de reversement, frais, webhooks et calendrier automatique." },
};

/** The guides of this language, in reading order. */
export function guidesFor(locale: "en" | "fr") {
  return guides.map((g) => (locale === "fr" ? { href: g.href, ...guidesFr[g.href] } : { href: g.href, title: g.title as string, blurb: g.blurb as string }));
}
