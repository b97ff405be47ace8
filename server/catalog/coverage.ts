import type { AuthorizationKind } from "../connectors/types";
import { toMinor, type Minor } from "../money";

export type { AuthorizationKind };

/**
 * The coverage catalog: the 15 countries of interface 4.2.1 with their currencies,
 * networks, customer authorization steps and the per-transaction limits of section 8.
 * Validation, fees, the /networks endpoint, the docs tables and the dashboard all read
 * from here; nothing else spells these facts out.
 */
export interface NetworkInfo {
  /** Canonical id, as stored on transactions and sent back in metadata. */
  id: string;
  name: string;
  /** Other names integrators may send (D6: `mpesa`). */
  aliases: string[];
  authorization: AuthorizationKind;
  /** For `ussd`: the code the customer dials; `<AMOUNT>` is replaced by the amount. */
  ussdCode?: string;
  /** The menu choices after the code (Guinea: ["4", "2"]), for the hosted pages to word in the payer's language. */
  ussdMenu?: string[];
  /** The same path in the API's English (`ussd_hint`, `instructions`): "option 4, then 2". */
  ussdHint?: string;
}

export interface CurrencyLimits {
  currency: string;
  min: Minor;
  max: Minor;
}

export interface CountryCoverage {
  code: string;
  name: string;
  currencies: CurrencyLimits[];
  networks: NetworkInfo[];
  /** Amounts are rounded to the nearest multiple of 5 (D2). */
  roundsToFive: boolean;
}

const units = (text: string): Minor => {
  const m = toMinor(text);
  if (m === null) throw new Error(`bad catalog amount ${text}`);
  return m;
};
const limits = (currency: string, min: string, max: string): CurrencyLimits => ({ currency, min: units(min), max: units(max) });
const net = (id: string, name: string, extra: Partial<NetworkInfo> = {}): NetworkInfo => ({
  id,
  name,
  aliases: [],
  authorization: "none",
  ...extra,
});
const orangeUssd = (ussdCode: string, menu?: string[]) =>
  net("orange", "Orange Money", { authorization: "ussd", ussdCode, ...(menu ? { ussdMenu: menu, ussdHint: `option ${menu.join(", then ")}` } : {}) });
const wave = () => net("wave", "Wave", { authorization: "redirect" });
const mtn = () => net("mtn", "MTN Mobile Money");
const moov = () => net("moov", "Moov Money");
const airtel = () => net("airtel", "Airtel Money");

const HALF_MILLION = "1500000.00";

export const coverage: readonly CountryCoverage[] = [
  {
    code: "BF",
    name: "Burkina Faso",
    currencies: [limits("XOF", "500.00", HALF_MILLION)],
    networks: [orangeUssd("*144*4*6*<AMOUNT>#"), moov(), net("coris", "Coris Money")],
    roundsToFive: true,
  },
  {
    code: "BJ",
    name: "Benin",
    currencies: [limits("XOF", "50.00", HALF_MILLION)],
    networks: [mtn(), moov(), net("celtiis", "Celtiis Cash")],
    roundsToFive: true,
  },
  { code: "CG", name: "Congo - Brazzaville", currencies: [limits("XAF", "500.00", HALF_MILLION)], networks: [mtn()], roundsToFive: false },
  {
    code: "CD",
    name: "Congo - Kinshasa",
    currencies: [limits("USD", "0.10", "2500.00"), limits("CDF", "40.00", "5000000.00")],
    networks: [net("vodacom", "Vodacom M-Pesa", { aliases: ["mpesa"] }), airtel(), net("orange", "Orange Money"), net("africell", "Africell Money")],
    roundsToFive: false,
  },
  {
    code: "CM",
    name: "Cameroon",
    currencies: [limits("XAF", "50.00", HALF_MILLION)],
    networks: [net("orange", "Orange Money"), mtn()],
    roundsToFive: true,
  },
  {
    code: "CI",
    name: "Cote d'Ivoire",
    currencies: [limits("XOF", "500.00", HALF_MILLION)],
    networks: [orangeUssd("#144*82#"), mtn(), wave(), moov()],
    roundsToFive: true,
  },
  {
    code: "GM",
    name: "Gambia",
    currencies: [limits("GMD", "10.00", "200000.00")],
    networks: [
      net("afrimoney", "Afrimoney", { authorization: "approve_on_phone" }),
      net("qmoney", "QMoney", { authorization: "pin" }),
      wave(),
      net("aps", "APS", { authorization: "pin" }),
    ],
    roundsToFive: false,
  },
  {
    code: "GN",
    name: "Guinea",
    currencies: [limits("GNF", "500.00", HALF_MILLION)],
    networks: [orangeUssd("#144#", ["4", "2"]), mtn()],
    roundsToFive: true,
  },
  {
    code: "ML",
    name: "Mali",
    currencies: [limits("XOF", "500.00", HALF_MILLION)],
    networks: [orangeUssd("#144#77#"), moov()],
    roundsToFive: true,
  },
  {
    code: "SN",
    name: "Senegal",
    currencies: [limits("XOF", "500.00", HALF_MILLION)],
    networks: [orangeUssd("#144#391#"), net("free", "Free Money"), wave()],
    roundsToFive: false,
  },
  {
    code: "TG",
    name: "Togo",
    currencies: [limits("XOF", "500.00", HALF_MILLION)],
    networks: [moov(), net("togocom", "TMoney (Togocom)")],
    roundsToFive: true,
  },
  { code: "UG", name: "Uganda", currencies: [limits("UGX", "500.00", "5000000.00")], networks: [mtn(), airtel()], roundsToFive: false },
  {
    code: "TZ",
    name: "Tanzania",
    currencies: [limits("TZS", "500.00", "5000000.00")],
    networks: [net("vodacom", "Vodacom M-Pesa", { aliases: ["mpesa"] }), airtel(), net("tigo", "Tigo Pesa"), net("halotel", "HaloPesa")],
    roundsToFive: false,
  },
  {
    code: "KE",
    name: "Kenya",
    currencies: [limits("KES", "10.00", "70000.00")],
    networks: [net("safaricom", "Safaricom M-Pesa", { aliases: ["mpesa"] }), airtel()],
    roundsToFive: false,
  },
  { code: "RW", name: "Rwanda", currencies: [limits("RWF", "100.00", "5000000.00")], networks: [mtn(), airtel()], roundsToFive: false },
];

const byCode = new Map(coverage.map((c) => [c.code, c]));

export const coveredCountryCodes: readonly string[] = coverage.map((c) => c.code);

/** Every currency of the covered countries, sorted (XAF, XOF, KES, ...). */
export const coveredCurrencies: readonly string[] = [...new Set(coverage.flatMap((c) => c.currencies.map((x) => x.currency)))].sort();

export function findCountry(code: string): CountryCoverage | undefined {
  return byCode.get(code.toUpperCase());
}

/** Resolves a network name or alias within a country; undefined when the country lacks it. */
export function findNetwork(country: CountryCoverage, name: string): NetworkInfo | undefined {
  const wanted = name.toLowerCase();
  return country.networks.find((n) => n.id === wanted || n.aliases.includes(wanted));
}

/** The names a request may use for the country's networks (ids, then aliases). */
export function acceptedNetworkNames(country: CountryCoverage): string[] {
  return [...country.networks.map((n) => n.id), ...country.networks.flatMap((n) => n.aliases)];
}

export function findCurrencyLimits(country: CountryCoverage, currency: string): CurrencyLimits | undefined {
  return country.currencies.find((c) => c.currency === currency.toUpperCase());
}

/** Every network id that appears anywhere, for docs and filters. */
export function allNetworkIds(): string[] {
  return [...new Set(coverage.flatMap((c) => c.networks.map((n) => n.id)))].sort();
}
