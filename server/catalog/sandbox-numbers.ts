import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/mobile/examples";
import { coverage } from "./coverage";
import { normalizePhone } from "./phone";
import { FAILING_OTP, sandboxPhoneOutcome } from "../connectors/sandbox";

/**
 * Test-mode phone numbers for the docs (D9), derived rather than typed: each country's
 * mobile example number (libphonenumber) with its last 4 digits set to choose the sandbox
 * outcome, and each outcome read from the sandbox connector itself.
 */
export const OUTCOME_SUFFIXES = ["0001", "0002", "0003"] as const;

export interface SandboxCountryNumbers {
  countryCode: string;
  countryName: string;
  /** E.164 with the plus; the successful one keeps the example's own last 4 digits. */
  successful: string;
  bySuffix: Record<(typeof OUTCOME_SUFFIXES)[number], string>;
}

function exampleMobile(countryCode: string): string {
  const example = getExampleNumber(countryCode as CountryCode, mobileExamples);
  if (!example) throw new Error(`no example mobile number for ${countryCode}`);
  return example.number;
}

function checked(number: string, countryCode: string): string {
  if (normalizePhone(number, countryCode) === null) throw new Error(`sandbox number ${number} is not valid in ${countryCode}`);
  return number;
}

export function sandboxNumbers(): SandboxCountryNumbers[] {
  return coverage.map((c) => {
    const example = exampleMobile(c.code);
    const stem = example.slice(0, -4);
    const successful = OUTCOME_SUFFIXES.includes(example.slice(-4) as never) ? `${stem}1234` : example;
    return {
      countryCode: c.code,
      countryName: c.name,
      successful: checked(successful, c.code),
      bySuffix: Object.fromEntries(OUTCOME_SUFFIXES.map((s) => [s, checked(stem + s, c.code)])) as SandboxCountryNumbers["bySuffix"],
    };
  });
}

export interface SandboxOutcomeRow {
  suffix: string;
  payin: { status: string; reason: string | null };
  payout: { status: string; reason: string | null };
}

/** What each ending does, asked of the sandbox connector (null = no outcome: stays pending). */
export function sandboxOutcomeTable(): SandboxOutcomeRow[] {
  const row = (suffix: string, sample: string): SandboxOutcomeRow => {
    const outcome = (type: "payin" | "payout") => {
      const o = sandboxPhoneOutcome(sample, type);
      return o ? { status: o.outcome, reason: o.reason } : { status: "pending", reason: null };
    };
    return { suffix, payin: outcome("payin"), payout: outcome("payout") };
  };
  return [...OUTCOME_SUFFIXES.map((s) => row(s, `2250100000${s}`)), row("anything else", "2250100001234")];
}

export { FAILING_OTP };
