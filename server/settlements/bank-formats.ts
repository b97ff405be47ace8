import { fieldError } from "../errors";

/**
 * Bank account numbers per country (issue 21), checked when a merchant registers an
 * account, before an operator verifies it:
 *  - UEMOA (BF, BJ, CI, ML, SN, TG): the BCEAO RIB, 24 characters (bank code: 2 letters +
 *    3 digits, branch 5 digits, account 12 digits, RIB key 2 digits), or its IBAN
 *    (country + 2 check digits + RIB, 28 characters).
 *  - CEMAC (CM, CG): the BEAC RIB, 23 digits (bank 5, branch 5, account 11, key 2), or its
 *    IBAN (27 characters).
 *    Either way the account is stored as the IBAN; an IBAN's ISO 7064 mod-97 check must hold.
 *  - KE, UG, TZ, RW: the account number (6 to 20 digits) and the branch code (3 to 6 digits)
 *    as the bank's transfer form asks; the SWIFT code is optional.
 *  - Other covered countries (CD, GM, GN): an account number (6 to 34 letters or digits) and
 *    an optional branch code, checked by the operator.
 */
export type BankFormat = "iban" | "account_branch";

const UEMOA = new Set(["BF", "BJ", "CI", "ML", "SN", "TG", "NE", "GW"]);
const CEMAC = new Set(["CM", "CG", "GA", "TD", "CF", "GQ"]);
const EAST = new Set(["KE", "UG", "TZ", "RW"]);

export function bankFormatOf(countryCode: string): BankFormat {
  return UEMOA.has(countryCode) || CEMAC.has(countryCode) ? "iban" : "account_branch";
}

/** ISO 13616 check: letters as 10..35, the first four characters moved to the end, mod 97 = 1. */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** The two check digits that make `country + ?? + bban` a valid IBAN. */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const probe = `${countryCode}00${bban}`;
  const rearranged = probe.slice(4) + probe.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return String(98 - rest).padStart(2, "0");
}

const compact = (s: string | null | undefined) => (s ?? "").replace(/[\s.-]/g, "").toUpperCase();

export interface CheckedBankNumber {
  format: BankFormat;
  accountNumber: string;
  branchCode: string | null;
}

export function checkBankNumber(countryCode: string, account: string, branch: string | null | undefined): CheckedBankNumber {
  const number = compact(account);
  const branchCode = compact(branch) || null;
  if (UEMOA.has(countryCode) || CEMAC.has(countryCode)) {
    const uemoa = UEMOA.has(countryCode);
    const rib = uemoa ? /^[A-Z]{2}\d{3}\d{5}\d{12}\d{2}$|^[A-Z]\d{4}\d{5}\d{12}\d{2}$/ : /^\d{23}$/;
    const expected = uemoa ? "a 24-character RIB (e.g. CI008 01113 011342912005 89) or its IBAN" : "a 23-digit RIB or its IBAN";
    let iban: string;
    if (number.startsWith(countryCode) && number.length === (uemoa ? 28 : 27)) {
      iban = number;
      if (!rib.test(iban.slice(4)) || !/^\d{2}$/.test(iban.slice(2, 4))) throw fieldError("account_number", `The account_number field must be ${expected}.`);
      if (!ibanChecksumValid(iban)) throw fieldError("account_number", "The account_number field is not a valid IBAN: its check digits do not match.");
    } else if (rib.test(number)) {
      iban = `${countryCode}${ibanCheckDigits(countryCode, number)}${number}`;
    } else {
      throw fieldError("account_number", `The account_number field must be ${expected}.`);
    }
    return { format: "iban", accountNumber: iban, branchCode: null };
  }
  if (EAST.has(countryCode)) {
    if (!/^\d{6,20}$/.test(number)) throw fieldError("account_number", "The account_number field must be 6 to 20 digits.");
    if (!branchCode || !/^\d{3,6}$/.test(branchCode)) throw fieldError("branch_code", "The branch_code field must be 3 to 6 digits.");
    return { format: "account_branch", accountNumber: number, branchCode };
  }
  if (!/^[A-Z0-9]{6,34}$/.test(number)) throw fieldError("account_number", "The account_number field must be 6 to 34 letters or digits.");
  if (branchCode && !/^[A-Z0-9]{2,10}$/.test(branchCode)) throw fieldError("branch_code", "The branch_code field must be 2 to 10 letters or digits.");
  return { format: "account_branch", accountNumber: number, branchCode };
}

/** The last 4 characters, the rest hidden: what lists and webhooks show. */
export function maskAccount(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
