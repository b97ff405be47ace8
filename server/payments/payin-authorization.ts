import type { CountryCoverage, NetworkInfo } from "../catalog/coverage";
import { currencyDecimals, toDecimalString, type Minor } from "../money";

/**
 * What a payin's creation response tells the client to do next (D7):
 * | network                                  | auth_mode | instructions              | redirect_url          |
 * | orange USSD (BF CI GN ML SN), no om_otp   | confirm   | the USSD code (BF: amount) | null                  |
 * | orange USSD with om_otp                   | null      | null                       | null                  |
 * | qmoney, aps (GM)                          | pin       | enter the PIN, then finalize | null                |
 * | wave (GM SN CI)                           | null      | null                       | {origin}/checkout/{id} |
 * | afrimoney (GM)                            | confirm   | approve on the phone       | null                  |
 * | all others                                | null      | null                       | null                  |
 */
export interface PayinAuthorization {
  authMode: "confirm" | "pin" | null;
  instructions: string | null;
  redirectUrl: string | null;
}

export interface PayinAuthorizationInput {
  transactionId: string;
  country: CountryCoverage;
  network: NetworkInfo;
  amount: Minor;
  currency: string;
  /** E.164 digits without the plus. */
  phone: string;
  omOtp: string | null;
  /** Public origin of the service, for the hosted checkout link. */
  origin: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** 1005 XOF -> "1,005 XOF"; 100.5 GMD -> "100.50 GMD". Display only: digits come from the bigint. */
export function formatMoney(amount: Minor, currency: string): string {
  const [whole, frac = ""] = toDecimalString(amount).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decimals = currencyDecimals(currency);
  const cents = decimals === 0 && !frac ? "" : `.${frac.padEnd(2, "0")}`;
  return `${grouped}${cents} ${currency}`;
}

export function hostedCheckoutUrl(origin: string, transactionId: string): string {
  return `${origin.replace(/\/$/, "")}/checkout/${encodeURIComponent(transactionId)}`;
}

/**
 * What the customer does on the phone for a `confirm` payin, as data. `instructions` words it
 * in English HTML for the API; the hosted pages word the same step in the payer's language
 * (components/pay/approval-step.tsx), so the code dialled has this one source.
 */
export type ApprovalStep = { kind: "dial"; code: string; menu: string[] } | { kind: "approve_on_phone"; phone: string };

/** The USSD code as the customer dials it: BF's has the amount in it. */
const dialCode = (code: string, amount: Minor) => code.replace("<AMOUNT>", toDecimalString(amount));

/** Null for networks without such a step (a PIN, a redirect, none). `phone`: E.164 digits without the plus. */
export function approvalStep(network: NetworkInfo, amount: Minor, phone: string): ApprovalStep | null {
  if (network.authorization === "ussd" && network.ussdCode) return { kind: "dial", code: dialCode(network.ussdCode, amount), menu: network.ussdMenu ?? [] };
  if (network.authorization === "approve_on_phone") return { kind: "approve_on_phone", phone: `+${phone}` };
  return null;
}

function ussdInstructions(input: PayinAuthorizationInput, dial: string): string {
  const hint = input.network.ussdHint ? `, choose ${escapeHtml(input.network.ussdHint)}` : "";
  return (
    `<p>To pay <strong>${escapeHtml(formatMoney(input.amount, input.currency))}</strong> with ${escapeHtml(input.network.name)}, ` +
    `dial <strong>${escapeHtml(dial)}</strong> on your phone${hint} and follow the prompts to approve the payment.</p>` +
    `<p>The payment completes automatically once you have approved it.</p>`
  );
}

export function payinAuthorization(input: PayinAuthorizationInput): PayinAuthorization {
  const none: PayinAuthorization = { authMode: null, instructions: null, redirectUrl: null };
  const { network } = input;
  switch (network.authorization) {
    case "ussd":
      if (input.omOtp || !network.ussdCode) return none;
      return { authMode: "confirm", instructions: ussdInstructions(input, dialCode(network.ussdCode, input.amount)), redirectUrl: null };
    case "pin":
      return {
        authMode: "pin",
        instructions:
          `<p>Enter the ${escapeHtml(network.name)} PIN or one-time code for <strong>+${escapeHtml(input.phone)}</strong> ` +
          `to approve the payment of <strong>${escapeHtml(formatMoney(input.amount, input.currency))}</strong>.</p>`,
        redirectUrl: null,
      };
    case "redirect":
      return { authMode: null, instructions: null, redirectUrl: hostedCheckoutUrl(input.origin, input.transactionId) };
    case "approve_on_phone":
      return {
        authMode: "confirm",
        instructions:
          `<p>A payment request of <strong>${escapeHtml(formatMoney(input.amount, input.currency))}</strong> has been sent to ` +
          `<strong>+${escapeHtml(input.phone)}</strong>. Approve it on your phone with your ${escapeHtml(network.name)} PIN.</p>`,
        redirectUrl: null,
      };
    default:
      return none;
  }
}
