import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/**
 * Phone numbers are validated for the transaction's country (D6). National
 * (`0700000001`), `+225...` and bare international (`225...`) forms are accepted.
 * Returns E.164 digits without the plus, or null when the number is not valid there.
 */
export function normalizePhone(input: string, countryCode: string): string | null {
  // Pure and called twice per payment (validation, then creation): remember recent answers.
  const key = `${countryCode}\u0001${input}`;
  const hit = recent.get(key);
  if (hit !== undefined) return hit;
  const result = parse(input, countryCode);
  if (recent.size >= 10_000) recent.clear();
  recent.set(key, result);
  return result;
}

const recent = new Map<string, string | null>();

/** The number without its spaces, dots, dashes and brackets, if what is left can be one. */
function cleanedNumber(input: string): string | null {
  const cleaned = input.replace(/[\s().-]/g, "");
  return /^\+?\d{4,17}$/.test(cleaned) ? cleaned : null;
}

function parse(input: string, countryCode: string): string | null {
  const cleaned = cleanedNumber(input);
  if (!cleaned) return null;
  const country = countryCode.toUpperCase() as CountryCode;
  const candidates = cleaned.startsWith("+") ? [cleaned] : [cleaned, `+${cleaned}`];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, country);
    if (parsed && parsed.country === country && parsed.isValid()) {
      return parsed.number.slice(1);
    }
  }
  return null;
}

/**
 * For the refusal only: the country a number refused for the transaction's country belongs
 * to, when it is a valid number in its international form (`+225…` or `225…`) there. A
 * national form names no country. So "must be a valid phone number for SN" can add that the
 * number given is Ivorian, the usual cause (a +225 number sent with country_code SN).
 */
export function phoneCountryOf(input: string): string | null {
  const cleaned = cleanedNumber(input);
  if (!cleaned) return null;
  const parsed = parsePhoneNumberFromString(cleaned.startsWith("+") ? cleaned : `+${cleaned}`);
  return parsed?.country && parsed.isValid() ? parsed.country : null;
}

export function withPlus(digits: string): string {
  return `+${digits}`;
}
