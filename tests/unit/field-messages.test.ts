import fs from "node:fs";
import path from "node:path";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { fieldMessage } from "@/components/i18n/field-messages";
import { friendlyError, shownFieldErrors } from "@/components/trpc/errors";
import { zodToFieldErrors } from "@/server/contracts/validation";
import { z } from "@/server/zod";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

/**
 * The server's field messages stay English (the API's interface spec); the dashboard says
 * the known ones in the page's language under the field, and leaves the rest as written.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const french = (message: string, field?: string) => fieldMessage(message, "fr", field);

/** One sentence per template, as the server writes it, and its French under the field. */
const TEMPLATES: Array<[string, string]> = [
  ["The expires_at field must be a time in the future.", "Doit être une date future."],
  ["The title field is required.", "Ce champ est obligatoire."],
  ["The legal name field is required.", "Ce champ est obligatoire."],
  ["The currency field is required when country_code is CI.", "Obligatoire pour ce pays : Côte d’Ivoire."],
  ["The holder_name field is required (at most 140 characters).", "Obligatoire, 140 caractères au plus."],
  ["The amount field must be greater than 0.", "Doit être supérieur à 0."],
  ["The amount field must be a whole number for XOF.", "Doit être un montant entier en XOF, sans centimes."],
  ["The min_amount field must be a positive amount with at most 2 decimals.", "Doit être un montant positif avec 2 décimales au plus."],
  ["The amount field must not have more than 2 decimal places.", "Ne doit pas avoir plus de 2 décimales."],
  ["The rate_bps field must be an integer between 0 and 10000.", "Doit être un nombre entier entre 0 et 10\u202f000."],
  ["The reason field must not be greater than 1000 characters.", "Ne doit pas dépasser 1\u202f000 caractères."],
  ["The limit field must not be greater than 100.", "Ne doit pas dépasser 100."],
  ["The password field must be at least 8 characters.", "Doit compter au moins 8 caractères."],
  ["The fixed_amount field must be at least 0.", "Doit valoir au moins 0."],
  ["The event_types field must have at least 1 item.", "Doit compter au moins un élément."],
  ["The payouts field must have at least 2 items.", "Doit compter au moins 2 éléments."],
  ["The payouts field must not have more than 1000 items.", "Ne doit pas compter plus de 1\u202f000 éléments."],
  ["The max_amount field must be at least min_amount.", "Doit être au moins égal au montant minimum."],
  ["The country_code field must be one of: CI, SN, KE.", "Doit valoir l'une de ces valeurs : CI, SN, KE."],
  ["The metadata.phone_number field must be a valid phone number for SN.", "Doit être un numéro de téléphone valide pour ce pays : Sénégal."],
  [
    "The metadata.phone_number field must be a valid phone number for SN (the number is from CI).",
    "Doit être un numéro de téléphone valide pour ce pays : Sénégal. Ce numéro appartient à un autre pays : Côte d’Ivoire.",
  ],
  ["The amount field must be a number.", "Doit être un nombre."],
  ["The page field must be an integer.", "Doit être un nombre entier."],
  ["The account_number field must be 6 to 20 digits.", "Doit compter de 6 à 20 chiffres."],
  ["The branch_code field must be 2 to 10 letters or digits.", "Doit compter de 2 à 10 lettres ou chiffres."],
  ["The account_number field must be a 24-character RIB (e.g. CI008 01113 011342912005 89) or its IBAN.", "Doit être un RIB de 24 caractères ou son IBAN."],
  ["The account_number field must be a 23-digit RIB or its IBAN.", "Doit être un RIB de 23 caractères ou son IBAN."],
  ["The account_number field is not a valid IBAN: its check digits do not match.", "IBAN non valide : sa clé de contrôle ne correspond pas."],
  ["The bank_code field must be a SWIFT/BIC code (8 or 11 characters).", "Doit être un code SWIFT/BIC (8 ou 11 caractères)."],
  ["The email field must be a valid email address.", "Doit être une adresse e-mail valide."],
  ["The url field must be a valid URL.", "Doit être une URL valide."],
  ["The bank_code field format is invalid.", "Le format n'est pas valide."],
  ["The country field must be a valid country.", "Doit être un pays valide."],
  ["The to field must be a date after or equal to from.", "Doit être la date de début ou une date postérieure."],
  ["The period must not be longer than 366 days.", "La période ne doit pas dépasser 366 jours."],
];

describe("fieldMessage on a French page", () => {
  it.each(TEMPLATES)("%s", (english, expected) => {
    expect(french(english)).toBe(expected);
    // English pages keep the server's sentence as written.
    expect(fieldMessage(english, "en")).toBe(english);
  });

  it("says amounts between limits as money, with the country's name", () => {
    expect(french("The amount field must be between 100 and 1500000 XOF for CI.")).toMatch(/^Doit être compris entre 100\s?F\s?CFA et 1\s?500\s?000\s?F\s?CFA pour ce pays : Côte d’Ivoire\.$/u);
  });

  it("has a template in the catalogue for every rule, and every template is reached", () => {
    const templates = Object.keys(fr.fieldMessages).filter((k) => k !== "sentences" && k !== "named");
    const said = new Set([...TEMPLATES.map(([, f]) => f), french("The amount field must be between 1 and 2 XOF for CI.")]);
    for (const key of templates) {
      const words = (fr.fieldMessages as unknown as Record<string, string>)[key];
      const pattern = new RegExp("^" + words.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+") + "$", "u");
      expect([...said].some((s) => pattern.test(s)), `no sample reaches fieldMessages.${key}`).toBe(true);
    }
  });

  it("reads what the API's validation really writes (server/contracts/validation.ts)", () => {
    const schema = z.object({
      title: z.string().min(1).max(100),
      note: z.string().min(3).optional(),
      count: z.number().int().min(1).max(5),
      kind: z.enum(["fixed", "open"]),
      site: z.url(),
      amount: z.number(),
      tags: z.array(z.string()).min(1),
      rows: z.array(z.number()).max(2),
    });
    const refused = schema.safeParse({ title: "x".repeat(101), note: "ab", count: 9, kind: "other", site: "nope", amount: "12", tags: [], rows: [1, 2, 3] }, { reportInput: true });
    const fields = zodToFieldErrors(refused.error!);
    expect(Object.keys(fields).sort()).toEqual(["amount", "count", "kind", "note", "rows", "site", "tags", "title"]);
    // A list is counted in items: "must be at least 1." read as a value.
    expect([fields.tags, fields.rows]).toEqual([["The tags field must have at least 1 item."], ["The rows field must not have more than 2 items."]]);
    for (const [field, [message]] of Object.entries(fields)) {
      const said = french(message);
      expect(said, message).not.toBe(message);
      expect(said, message).not.toContain(field);
    }
    expect(french(zodToFieldErrors(schema.safeParse({}, { reportInput: true }).error!).title[0])).toBe("Ce champ est obligatoire.");
  });

  it("reads zod's own messages, which procedure inputs without a sentence send", () => {
    const schema = z.object({
      title: z.string().min(1).max(100),
      code: z.string().min(2),
      maxPayments: z.number().int().min(1).max(1_000_000),
      positive: z.number().positive(),
      kind: z.enum(["fixed", "open"]),
      email: z.string().email(),
      when: z.date(),
    });
    const issues = schema.safeParse({ title: "", code: "a", maxPayments: 2_000_000, positive: 0, kind: "x", email: "no" }).error!.issues;
    const said = Object.fromEntries(issues.map((i) => [i.path.join("."), french(i.message)]));
    expect(said).toEqual({
      title: "Ce champ est obligatoire.",
      code: "Doit compter au moins 2 caractères.",
      maxPayments: "Ne doit pas dépasser 1\u202f000\u202f000.",
      positive: "Doit être supérieur à 0.",
      kind: "Doit valoir l'une de ces valeurs : fixed, open.",
      email: "Doit être une adresse e-mail valide.",
      when: "Ce champ est obligatoire.",
    });
    expect(french(z.number().int().safeParse(1.5).error!.issues[0].message)).toBe("Doit être un nombre entier.");
    expect(french(z.string().max(3).safeParse("abcd").error!.issues[0].message)).toBe("Ne doit pas dépasser 3 caractères.");
  });

  it("knows the procedures' own sentences, each as the server still writes it", () => {
    const server = filesUnder(path.join(root, "server"))
      .map((f) => fs.readFileSync(f, "utf8"))
      .join("\n");
    for (const [code, english] of Object.entries(en.fieldMessages.sentences)) {
      expect(server, `no server code writes "${english}" (fieldMessages.sentences.${code})`).toContain(english);
      const words = fr.fieldMessages.sentences[code as keyof typeof fr.fieldMessages.sentences];
      expect(french(english)).toBe(words);
      expect(words, code).not.toBe(english);
      expect(fieldMessage(english, "en")).toBe(english);
    }
    expect(french("Enter a title.")).toBe("Saisissez un titre.");
  });

  it("leaves a sentence it does not know as written, in English", () => {
    for (const unknown of ["Something new from the API.", "The bank_code field does a new thing.", ""]) expect(french(unknown)).toBe(unknown);
  });
});

/** A validation refusal as the tRPC error formatter sends it (server/trpc/init.ts). */
const refused = (fields: Record<string, string[]>) =>
  new TRPCClientError("Invalid input", { result: { error: { code: -32600, message: "Invalid input", data: { code: "BAD_REQUEST", fields } } } } as never);

describe("the forms' field errors, given the page's language", () => {
  const err = refused({ expires_at: ["The expires_at field must be a time in the future."], title: ["Enter a title.", "x"], note: ["Something new."] });
  const t = ((key: string) => key) as never;

  it("shows a known message under its field in French, the server's sentence in English", () => {
    expect(shownFieldErrors(err, { expires_at: "expiresAt", title: "title", note: "note" }, "fr")).toEqual({ expiresAt: "Doit être une date future.", title: "Saisissez un titre.", note: "Something new." });
    expect(shownFieldErrors(err, { expires_at: "expiresAt" }, "en")).toEqual({ expiresAt: "The expires_at field must be a time in the future." });
    expect(shownFieldErrors(err, ["title"])).toEqual({ title: "Enter a title." });
  });

  it("names the field when the form shows it nowhere (a form error)", () => {
    expect(friendlyError(err, t, "fr")).toBe("expires_at : Doit être une date future.");
    expect(friendlyError(err, t, "en")).toBe("The expires_at field must be a time in the future.");
    expect(friendlyError(refused({ title: ["Enter a title."] }), t, "fr")).toBe("Saisissez un titre.");
  });
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}
