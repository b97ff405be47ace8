import type { Locale } from "@/components/i18n/messages";

/**
 * The checkout page's words, in the two languages of the dashboard. Kept here rather
 * than in messages/*.json: the page is for the merchant's customers, not for merchants.
 */
const en = {
  title: "Pay {merchant}",
  securedBy: "Secure payment by Sika",
  testMode: "Test mode: no real money moves.",
  testModeChoose: "Choose the outcome below.",
  amount: "Amount",
  fee: "Fee",
  total: "Total to pay",
  network: "Pay with",
  phone: "Phone number",
  reference: "Order reference",
  approve: "Approve payment",
  decline: "Decline",
  waitingLive: "Open your {network} app or check your phone to approve this payment. This page updates by itself.",
  waitingTest: "Approve to simulate the customer paying, or decline to simulate a refusal.",
  processing: "Your payment is being processed. This page updates by itself.",
  successful: "Payment successful",
  successfulText: "Thank you. {merchant} has been notified.",
  failed: "Payment failed",
  failedText: "The payment could not be completed. No money was taken.",
  cancelled: "Payment cancelled",
  cancelledText: "The payment was cancelled. No money was taken.",
  returnTo: "Return to {merchant}",
  redirecting: "Taking you back to {merchant} in {seconds} s…",
  error: "Something went wrong. Please try again.",
  transaction: "Transaction",
};

const fr: typeof en = {
  title: "Payer {merchant}",
  securedBy: "Paiement sécurisé par Sika",
  testMode: "Mode test : aucun argent réel n’est débité.",
  testModeChoose: "Choisissez le résultat ci-dessous.",
  amount: "Montant",
  fee: "Frais",
  total: "Total à payer",
  network: "Payer avec",
  phone: "Numéro de téléphone",
  reference: "Référence de commande",
  approve: "Approuver le paiement",
  decline: "Refuser",
  waitingLive: "Ouvrez votre application {network} ou consultez votre téléphone pour approuver ce paiement. Cette page se met à jour toute seule.",
  waitingTest: "Approuvez pour simuler le paiement du client, ou refusez pour simuler un refus.",
  processing: "Votre paiement est en cours de traitement. Cette page se met à jour toute seule.",
  successful: "Paiement réussi",
  successfulText: "Merci. {merchant} a été informé.",
  failed: "Échec du paiement",
  failedText: "Le paiement n’a pas pu aboutir. Aucun montant n’a été débité.",
  cancelled: "Paiement annulé",
  cancelledText: "Le paiement a été annulé. Aucun montant n’a été débité.",
  returnTo: "Retour à {merchant}",
  redirecting: "Retour vers {merchant} dans {seconds} s…",
  error: "Une erreur est survenue. Veuillez réessayer.",
  transaction: "Transaction",
};

export type CheckoutCopy = typeof en;

export function checkoutCopy(locale: Locale): CheckoutCopy {
  return locale === "fr" ? fr : en;
}

export function fill(text: string, vars: Record<string, string | number>): string {
  return Object.entries(vars).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, String(v)), text);
}
