import en from "@/messages/en.json";
import { countryName, formatMoney, formatNumber } from "./format";
import { messagesFor, translate, type Locale, type MessageKey, type Messages } from "./messages";

/**
 * Field errors reach the dashboard as the server's English sentences: the public API's
 * ("The expires_at field must be a time in the future.", server/contracts/validation.ts and
 * the services' fieldError calls, which the interface spec fixes in English), zod's own
 * defaults for procedure inputs ("Too big: expected string to have <=100 characters") and
 * the procedures' sentences ("Enter a title."). Here a known sentence is read back to a
 * catalogue key and its values, as reasons.ts does for decline reasons, and said in the
 * page's language. Under a field the words leave the API's field name out (the field's
 * label is right above: "Doit être une date future."); elsewhere `field` names it.
 * English pages show the server's sentence as written, and a sentence we do not know
 * is shown as written too.
 */
type Template = Exclude<keyof Messages["fieldMessages"], "sentences" | "named">;
type Vars = Record<string, string>;
type Rule = { re: RegExp; key: Template | ((m: RegExpExecArray) => Template); vars?: (m: RegExpExecArray, locale: Locale) => Vars };

// The API's sentences name the field first ("The metadata.phone_number field …", KYC's "The legal name field …").
const api = (rest: string) => new RegExp(`^The .+? field ${rest}$`);
const num = (text: string, locale: Locale) => (/^\d+(\.\d+)?$/.test(text) ? formatNumber(Number(text), locale) : text);
const country = (i: number) => (m: RegExpExecArray, locale: Locale) => ({ country: countryName(m[i], locale) });
const minMax = (m: RegExpExecArray, locale: Locale) => ({ min: num(m[1], locale), max: num(m[2], locale) });
const first = (name: string) => (m: RegExpExecArray, locale: Locale) => ({ [name]: num(m[1], locale) });

// Order matters where one sentence starts like another: the longer shape comes first.
const RULES: Rule[] = [
  { re: api(String.raw`is required when (?:metadata\.)?country_code is ([A-Z]{2})\.`), key: "requiredFor", vars: country(1) },
  { re: api(String.raw`is required \(at most (\d+) characters\)\.`), key: "requiredMax", vars: first("max") },
  { re: api(String.raw`is required\.`), key: "required" },
  { re: api(String.raw`must be a time in the future\.`), key: "future" },
  { re: api(String.raw`must be greater than ([\d.]+)\.`), key: "greaterThan", vars: first("min") },
  { re: api(String.raw`must be a whole number for ([A-Z]{3})\.`), key: "wholeNumber", vars: (m) => ({ currency: m[1] }) },
  { re: api(String.raw`must be a positive amount with at most 2 decimals\.`), key: "positiveAmount" },
  { re: api(String.raw`must not have more than 2 decimal places\.`), key: "decimals" },
  {
    re: api(String.raw`must be between ([\d.]+) and ([\d.]+) ([A-Z]{3}) for ([A-Z]{2})\.`),
    key: "between",
    vars: (m, l) => ({ min: formatMoney(m[1], m[3], l), max: formatMoney(m[2], m[3], l), country: countryName(m[4], l) }),
  },
  { re: api(String.raw`must be an integer between (\d+) and (\d+)\.`), key: "integerBetween", vars: minMax },
  { re: api(String.raw`must not be greater than (\d+) characters\.`), key: "maxChars", vars: first("max") },
  { re: api(String.raw`must not be greater than ([\d.]+)\.`), key: "max", vars: first("max") },
  { re: api(String.raw`must be at least (\d+) characters\.`), key: "minChars", vars: first("min") },
  { re: api(String.raw`must be at least ([\d.]+)\.`), key: "min", vars: first("min") },
  { re: api(String.raw`must have at least 1 item\.`), key: "minOneItem" },
  { re: api(String.raw`must have at least (\d+) items\.`), key: "minItems", vars: first("min") },
  { re: api(String.raw`must not have more than (\d+) items\.`), key: "maxItems", vars: first("max") },
  { re: /^The max_amount field must be at least min_amount\.$/, key: "atLeastMinAmount" },
  { re: api(String.raw`must be one of: (.+)\.`), key: "oneOf", vars: (m) => ({ values: m[1] }) },
  {
    re: api(String.raw`must be a valid phone number for ([A-Z]{2}) \(the number is from ([A-Z]{2})\)\.`),
    key: "phoneElsewhere",
    vars: (m, l) => ({ country: countryName(m[1], l), other: countryName(m[2], l) }),
  },
  { re: api(String.raw`must be a valid phone number for ([A-Z]{2})\.`), key: "phone", vars: country(1) },
  { re: api(String.raw`must be a number\.`), key: "number" },
  { re: api(String.raw`must be an integer\.`), key: "integer" },
  { re: api(String.raw`must be (\d+) to (\d+) digits\.`), key: "digits", vars: minMax },
  { re: api(String.raw`must be (\d+) to (\d+) letters or digits\.`), key: "lettersOrDigits", vars: minMax },
  { re: api(String.raw`must be a (\d+)-(?:character|digit) RIB.* or its IBAN\.`), key: "rib", vars: (m) => ({ length: m[1] }) },
  { re: api(String.raw`is not a valid IBAN: its check digits do not match\.`), key: "iban" },
  { re: api(String.raw`must be a SWIFT/BIC code \(8 or 11 characters\)\.`), key: "swift" },
  { re: api(String.raw`must be a valid email address\.`), key: "email" },
  { re: api(String.raw`must be a valid URL\.`), key: "url" },
  { re: api(String.raw`format is invalid\.`), key: "format" },
  { re: api(String.raw`must be a valid country\.`), key: "country" },
  { re: /^The to field must be a date after or equal to from\.$/, key: "toAfterFrom" },
  { re: /^The period must not be longer than (\d+) days\.$/, key: "period", vars: first("days") },
  // zod's defaults, for procedure inputs without a sentence of their own (zod 4's English).
  { re: /^Invalid input: expected \w+, received (?:undefined|null)$/, key: "required" },
  { re: /^Invalid input: expected (?:int|integer), received \w+$/, key: "integer" },
  { re: /^Invalid input: expected number, received \w+$/, key: "number" },
  { re: /^Too small: expected string to have >=(\d+) characters?$/, key: (m) => (Number(m[1]) <= 1 ? "required" : "minChars"), vars: first("min") },
  { re: /^Too big: expected string to have <=(\d+) characters?$/, key: "maxChars", vars: first("max") },
  { re: /^Too small: expected number to be >=([\d.]+)$/, key: "min", vars: first("min") },
  { re: /^Too small: expected number to be >([\d.]+)$/, key: "greaterThan", vars: first("min") },
  { re: /^Too big: expected number to be <=([\d.]+)$/, key: "max", vars: first("max") },
  { re: /^Invalid option: expected one of (.+)$/, key: "oneOf", vars: (m) => ({ values: m[1].replaceAll('"', "").split("|").join(", ") }) },
  { re: /^Invalid email address$/, key: "email" },
  { re: /^Invalid URL$/, key: "url" },
];

// The procedures' own sentences: the English catalogue holds each as the server writes it.
type Sentence = keyof Messages["fieldMessages"]["sentences"];
const SENTENCE_OF_TEXT = new Map(Object.entries(en.fieldMessages.sentences).map(([code, text]) => [text, code as Sentence]));

/**
 * One server field message in the page's language: without `field`, for under the field
 * itself; with it (a form error about a field the form does not show), naming the field.
 */
export function fieldMessage(message: string, locale: Locale, field?: string): string {
  if (locale === "en") return message;
  const messages = messagesFor(locale);
  const text = message.trim();
  const sentence = SENTENCE_OF_TEXT.get(text);
  if (sentence) return messages.fieldMessages.sentences[sentence];
  for (const rule of RULES) {
    const m = rule.re.exec(text);
    if (!m) continue;
    const key = typeof rule.key === "function" ? rule.key(m) : rule.key;
    const said = translate(messages, `fieldMessages.${key}` as MessageKey, rule.vars?.(m, locale) ?? {}, locale);
    return field ? translate(messages, "fieldMessages.named", { field, message: said }, locale) : said;
  }
  return message;
}
