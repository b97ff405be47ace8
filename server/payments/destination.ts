import { acceptedNetworkNames, coverage, findCountry, findCurrencyLimits, findNetwork } from "../catalog/coverage";
import type { CountryCoverage, CurrencyLimits, NetworkInfo } from "../catalog/coverage";
import { normalizePhone, phoneCountryOf } from "../catalog/phone";
import { errors, type FieldErrors } from "../errors";

/**
 * Where a payment goes: country, currency, network and phone number, checked against
 * the coverage catalog (D6). Used twice: by the zod schemas (so every problem comes back
 * in one 422 with the shape errors) and by the services (to get the canonical values).
 */
export type Direction = "payin" | "payout";

export interface Destination {
  country: CountryCoverage;
  limits: CurrencyLimits;
  network: NetworkInfo;
  /** E.164 digits without the plus. */
  phone: string;
}

export interface DestinationIssue {
  path: (string | number)[];
  message: string;
}

const REQUIRED_METADATA: Record<Direction, string[]> = {
  payin: ["network", "phone_number", "country_code"],
  payout: ["network", "phone_number", "country_code", "beneficiary"],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/**
 * Inspects a request body that may still be malformed (the zod refinement runs even when
 * other fields failed, like Laravel validates every rule): only string values are judged
 * here; wrong types are zod's to report.
 */
export function inspectDestination(body: unknown, direction: Direction): { issues: DestinationIssue[]; destination?: Destination } {
  const issues: DestinationIssue[] = [];
  if (!isObject(body)) return { issues };
  const metadata = body.metadata;
  if (!isObject(metadata)) {
    // Laravel reports `metadata.phone_number` etc. as required when metadata is missing.
    for (const field of REQUIRED_METADATA[direction]) {
      issues.push({ path: ["metadata", field], message: `The metadata.${field} field is required.` });
    }
    return { issues };
  }
  const countryCode = text(metadata.country_code);
  if (!countryCode) return { issues };
  const country = findCountry(countryCode);
  if (!country) {
    const codes = coverage.map((c) => c.code).join(", ");
    issues.push({ path: ["metadata", "country_code"], message: `The metadata.country_code field must be one of: ${codes}.` });
    return { issues };
  }

  let limits: CurrencyLimits | undefined;
  const currency = text(body.currency);
  if (currency) {
    limits = findCurrencyLimits(country, currency);
    if (!limits) {
      issues.push({ path: ["currency"], message: `The currency field must be one of: ${country.currencies.map((c) => c.currency).join(", ")}.` });
    }
  } else if (body.currency === undefined || body.currency === null) {
    // Payin may leave the currency out where the country has only one (D6); payout's
    // schema already requires it.
    if (country.currencies.length === 1) limits = country.currencies[0];
    else if (direction === "payin") {
      issues.push({ path: ["currency"], message: `The currency field is required when metadata.country_code is ${country.code}.` });
    }
  }

  let network: NetworkInfo | undefined;
  const networkName = text(metadata.network);
  if (networkName) {
    network = findNetwork(country, networkName);
    if (!network) {
      issues.push({
        path: ["metadata", "network"],
        message: `The metadata.network field must be one of: ${acceptedNetworkNames(country).join(", ")}.`,
      });
    }
  }

  let phone: string | undefined;
  const phoneInput = text(metadata.phone_number);
  if (phoneInput) {
    phone = normalizePhone(phoneInput, country.code) ?? undefined;
    if (!phone) {
      issues.push({ path: ["metadata", "phone_number"], message: invalidPhoneMessage(phoneInput, country.code) });
    }
  }

  if (issues.length || !limits || !network || !phone) return { issues };
  return { issues, destination: { country, limits, network, phone } };
}

/** "must be a valid phone number for SN", naming the number's own country when it has one (D6). */
function invalidPhoneMessage(input: string, countryCode: string): string {
  const other = phoneCountryOf(input);
  const from = other && other !== countryCode ? ` (the number is from ${other})` : "";
  return `The metadata.phone_number field must be a valid phone number for ${countryCode}${from}.`;
}

/** For services: the destination of an already validated body, or the 422 anyway. */
export function resolveDestination(body: unknown, direction: Direction): Destination {
  const { issues, destination } = inspectDestination(body, direction);
  if (destination) return destination;
  const fields: FieldErrors = {};
  for (const issue of issues) (fields[issue.path.join(".")] ??= []).push(issue.message);
  if (!issues.length) fields.metadata = ["The metadata field is invalid."];
  throw errors.validation(fields);
}
