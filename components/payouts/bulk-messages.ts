import { countryName, formatMoney } from "@/components/i18n/format";
import type { Locale } from "@/components/i18n/messages";
import type { TFunction } from "@/components/i18n/provider";

/**
 * The server checks a CSV line with the very schema the payout API uses, so its messages
 * are the API's English sentences about API fields ("The metadata.phone_number field must
 * be a valid phone number for CI."). The bulk page shows them about the file's columns and
 * in the page's language: each known sentence is read back to a catalogue key and its
 * values (as components/i18n/reasons.ts does for decline reasons). A sentence we do not
 * know is shown as written.
 */
type Rule = { re: RegExp; say: (m: RegExpExecArray, column: string, t: TFunction, locale: Locale) => string };

const RULES: Rule[] = [
  { re: /^The \S+ field is required when metadata\.country_code is ([A-Z]{2})\.$/, say: (m, field, t, l) => t("bulk.errors.requiredFor", { field, country: countryName(m[1], l) }) },
  { re: /^The \S+ field is required\.$/, say: (_m, field, t) => t("bulk.errors.required", { field }) },
  { re: /^The \S+ field must be a number\.$/, say: (_m, field, t) => t("bulk.errors.number", { field }) },
  { re: /^The \S+ field must be at least (\d+) characters\.$/, say: (m, field, t) => t("bulk.errors.minChars", { field, min: m[1] }) },
  { re: /^The \S+ field must be at least ([\d.]+)\.$/, say: (m, field, t) => t("bulk.errors.min", { field, min: m[1] }) },
  { re: /^The \S+ field must not be greater than (\d+) characters\.$/, say: (m, field, t) => t("bulk.errors.maxChars", { field, max: m[1] }) },
  { re: /^The \S+ field must not be greater than ([\d.]+)\.$/, say: (m, field, t) => t("bulk.errors.max", { field, max: m[1] }) },
  { re: /^The \S+ field must be one of: (.*)\.$/, say: (m, field, t) => t("bulk.errors.oneOf", { field, values: m[1] }) },
  {
    re: /^The \S+ field must be a valid phone number for ([A-Z]{2}) \(the number is from ([A-Z]{2})\)\.$/,
    say: (m, field, t, l) => t("bulk.errors.phoneElsewhere", { field, country: countryName(m[1], l), other: countryName(m[2], l) }),
  },
  { re: /^The \S+ field must be a valid phone number for ([A-Z]{2})\.$/, say: (m, field, t, l) => t("bulk.errors.phone", { field, country: countryName(m[1], l) }) },
  { re: /^The \S+ field must not have more than 2 decimal places\.$/, say: (_m, field, t) => t("bulk.errors.decimals", { field }) },
  { re: /^The order_id is already used on line (\d+)\.$/, say: (m, field, t) => t("bulk.errors.duplicate", { field, line: m[1] }) },
  { re: /^The \S+ field must be unique within the batch\.$/, say: (_m, field, t) => t("bulk.errors.unique", { field }) },
  { re: /^The \S+ field format is invalid\.$/, say: (_m, field, t) => t("bulk.errors.format", { field }) },
  {
    re: /^The amount must be between ([\d.]+) and ([\d.]+) ([A-Z]{3}) for ([A-Z]{2})\.$/,
    say: (m, _field, t, l) => t("qaKit.outOfLimits", { min: formatMoney(m[1], m[3], l), max: formatMoney(m[2], m[3], l), country: countryName(m[4], l) }),
  },
];

/** One server message about a CSV column, in the page's language. */
export function columnMessage(message: string, column: string, t: TFunction, locale: Locale): string {
  for (const rule of RULES) {
    const m = rule.re.exec(message.trim());
    if (m) return rule.say(m, column, t, locale);
  }
  return message;
}

/** Every message of a line's errors (column -> messages), translated, without repeats. */
export function lineMessages(errors: Record<string, string[]>, t: TFunction, locale: Locale): string[] {
  const out = Object.entries(errors).flatMap(([column, messages]) => messages.map((msg) => columnMessage(msg, column, t, locale)));
  return [...new Set(out)];
}

export interface ItemError {
  kind: "invalid" | "balance" | "limits" | "network" | "other";
  message: string;
  fields: Record<string, string[]>;
  values: Record<string, string>;
}

/** Why a batch item was refused, in the page's language (the API's sentence when unknown). */
export function itemErrorMessages(error: ItemError, t: TFunction, locale: Locale): string[] {
  const money = (amount: string | undefined) => {
    try {
      return formatMoney(amount ?? "0", error.values.currency ?? "", locale);
    } catch {
      return `${amount} ${error.values.currency ?? ""}`.trim();
    }
  };
  switch (error.kind) {
    case "invalid": {
      const lines = lineMessages(error.fields, t, locale);
      return lines.length ? lines : [t("bulk.errors.invalid")];
    }
    case "balance":
      return [t("bulk.errors.balance", { available: money(error.values.available), required: money(error.values.required) })];
    case "limits":
      return [t("bulk.errors.limits", { min: money(error.values.min), max: money(error.values.max) })];
    case "network":
      return [t("bulk.errors.network")];
    default:
      return [error.message];
  }
}
