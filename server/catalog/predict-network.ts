import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "../zod";
import { errors, fieldError } from "../errors";
import { coveredCountryCodes } from "./coverage";
import { longestPrefixMatch, numberingPlanFor } from "./numbering-plans";

/**
 * Network prediction (D16): which covered network a phone number's range belongs to,
 * from the national numbering plans (./numbering-plans). Pure: no DB, no operator call.
 *
 * The number must be international (`+2250701020304`, `2250701020304` or
 * `002250701020304`): without a country there is no plan to read. A number that is not a
 * valid number anywhere, or is valid only outside the 15 covered countries, is a 422 on
 * `phone_number`; a valid number whose range no covered operator holds (a landline, an
 * operator Sika does not serve, a wallet without its own range such as Wave) is a 404.
 * Ported numbers keep their range: the answer is the range holder, a best guess.
 */
export interface NetworkPrediction {
  /** E.164 without the plus, as payins and payouts echo it. */
  phone_number: string;
  country_code: string;
  network: string;
}

/** GET /api/v1/networks/predict?phone_number= */
export const predictNetworkQuery = z.object({
  phone_number: z
    .string()
    .min(1)
    .max(32)
    .describe("The number in international form: `+2250701020304`, `2250701020304` or `002250701020304` (spaces, dots, dashes and brackets are ignored).")
    .meta({ example: "+2250701020304" }),
});

const FIELD = "phone_number";
const INVALID = `The ${FIELD} field must be a valid phone number in international format, e.g. +2250701020304.`;

function international(input: string): string | null {
  const cleaned = input.trim().replace(/[\s().-]/g, "");
  const digits = cleaned.startsWith("+") ? cleaned.slice(1) : cleaned.startsWith("00") ? cleaned.slice(2) : cleaned;
  return /^\d{6,15}$/.test(digits) ? `+${digits}` : null;
}

export function predictNetwork(phone: string): NetworkPrediction {
  const candidate = international(phone);
  const parsed = candidate ? parsePhoneNumberFromString(candidate) : undefined;
  if (!parsed || !parsed.isValid() || !parsed.country) throw fieldError(FIELD, INVALID);
  const plan = numberingPlanFor(parsed.country);
  if (!plan) {
    throw fieldError(FIELD, `The ${FIELD} field must be a number in one of the covered countries: ${coveredCountryCodes.join(", ")}.`);
  }
  const match = longestPrefixMatch(plan, parsed.nationalNumber);
  if (!match || match.range.network === null) throw errors.notFound("Network not found");
  return { phone_number: parsed.number.slice(1), country_code: plan.country_code, network: match.range.network };
}
