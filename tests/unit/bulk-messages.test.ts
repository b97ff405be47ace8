import { describe, expect, it } from "vitest";
import { messagesFor, translate, type Locale } from "@/components/i18n/messages";
import type { TFunction } from "@/components/i18n/provider";
import { columnMessage, itemErrorMessages, lineMessages } from "@/components/payouts/bulk-messages";
import { validateRows, type BulkRow } from "@/server/trpc/bulk-rows";

/**
 * The bulk page words the server's checks of a CSV line in the page's language: every
 * message the line check can give (the payout API's own sentences) is known to the
 * translator, and names the file's column, not the API field.
 */
const tFor = (locale: Locale): TFunction => (key, vars) => translate(messagesFor(locale), key, vars, locale);
const fr = tFor("fr");
const en = tFor("en");

const ok: BulkRow = { phone: "+2250700001234", amount: "1500", currency: "XOF", country: "CI", network: "mtn", name: "Awa Diop", order_id: "l1" };
const bad: Partial<BulkRow>[] = [
  { amount: "abc" },
  { amount: "" },
  { amount: "-5" },
  { amount: "1.234" },
  { country: "ZZ" },
  { country: "" },
  { currency: "EUR" },
  { currency: "" },
  { network: "nope" },
  { network: "" },
  { phone: "12" },
  { phone: "+221770001234" },
  { phone: "" },
  { name: "   " },
  { order_id: "" },
  { order_id: "l1" },
];

describe("bulk line messages", () => {
  const rows = [ok, ...bad.map((over, i) => ({ ...ok, order_id: `x${i}`, ...over }))];
  const checks = validateRows(rows);

  it("every message of the line check has its French words and names the CSV column", () => {
    const seen: string[] = [];
    for (const check of checks.slice(1)) {
      expect(check.ok, JSON.stringify(check)).toBe(false);
      for (const [column, messages] of Object.entries(check.errors)) {
        for (const message of messages) {
          const said = columnMessage(message, column, fr, "fr");
          expect(said, `"${message}" has no French words`).not.toBe(message);
          expect(said).not.toMatch(/[{}]|metadata\.| field /);
          expect(said).toContain(column);
          expect(columnMessage(message, column, en, "en")).toContain(column);
          seen.push(said);
        }
      }
    }
    expect(seen).toContain("La colonne amount doit contenir un nombre.");
    expect(seen).toContain("La colonne phone doit contenir un numéro de téléphone valide pour ce pays : Côte d’Ivoire.");
    // A Senegalese number on a CI line: the country it belongs to is named.
    expect(seen).toContain("La colonne phone doit contenir un numéro de téléphone valide pour ce pays : Côte d’Ivoire. Ce numéro appartient à un autre pays : Sénégal.");
    expect(seen).toContain("Cette valeur de order_id est déjà utilisée à la ligne 1.");
  });

  it("keeps a sentence it does not know as written, and says each message once", () => {
    expect(columnMessage("Something new from the API.", "amount", fr, "fr")).toBe("Something new from the API.");
    expect(lineMessages({ phone: ["The metadata.phone_number field is required."], network: ["The metadata.phone_number field is required."] }, en, "en")).toEqual([
      "The phone column is required.",
      "The network column is required.",
    ]);
  });

  it("words the refusals of a sent batch: balance, limits, network; the API's sentence otherwise", () => {
    const balance = itemErrorMessages({ kind: "balance", message: "Insufficient balance for payout", fields: {}, values: { required: "1515", available: "900", currency: "XOF" } }, fr, "fr");
    expect(balance[0]).toMatch(/^Le solde ne couvrait pas cette ligne à son tour : 900\s?F\s?CFA disponibles, 1\s?515\s?F\s?CFA nécessaires\.$/u);
    expect(itemErrorMessages({ kind: "limits", message: "x", fields: {}, values: { min: "500", max: "1500000", currency: "XOF" } }, en, "en")[0]).toMatch(/^The amount is outside this country's limits \(.*500 to .*1,500,000\)\.$/);
    expect(itemErrorMessages({ kind: "network", message: "Network unavailable", fields: {}, values: {} }, fr, "fr")).toEqual(["Ce réseau n'est pas disponible pour le moment : renvoyez cette ligne plus tard."]);
    expect(itemErrorMessages({ kind: "invalid", message: "Validation failed", fields: { amount: ["The amount field must be a number."] }, values: {} }, fr, "fr")).toEqual(["La colonne amount doit contenir un nombre."]);
    expect(itemErrorMessages({ kind: "other", message: "Forbidden", fields: {}, values: {} }, fr, "fr")).toEqual(["Forbidden"]);
  });
});
