import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { formatMessage, translate, type Messages } from "@/components/i18n/messages";
import { reasonCode, translateReason } from "@/components/i18n/reasons";
import { EXPIRY_REASONS } from "@/server/payments/lifecycle-job";
import { sandboxPhoneOutcome } from "@/server/connectors/sandbox";
import { ROTATION_OVERLAP_MS } from "@/server/webhooks/settings";
import { AUDIT_ACTIONS } from "@/server/vocabulary";

/**
 * The catalogue against what the server writes and what the dashboard shows: every
 * reason sentence the payment code writes has a French text, plurals follow each
 * language's rules, and the words the issue asked for are there.
 */
const root = path.resolve(import.meta.dirname, "..", "..");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

/** Every literal the payment code stores as a reason: `reason: "…"`, and the sentences of reason tables. */
function writtenReasons(): Set<string> {
  const found = new Set<string>();
  // Contracts hold request examples (a merchant's own refund reason), not sentences we write.
  for (const file of filesUnder(path.join(root, "server", "payments")).filter((f) => !f.endsWith(".contract.ts"))) {
    const src = fs.readFileSync(file, "utf8");
    for (const m of src.matchAll(/reason: "([^"]+)"/g)) found.add(m[1]);
    for (const block of src.matchAll(/(?:REASONS|EXPIRY_REASONS)\s*=\s*\{([\s\S]*?)\}\s*as const/g)) for (const m of block[1].matchAll(/:\s*"([^"]+)"/g)) found.add(m[1]);
  }
  return found;
}

describe("decline and timeline reasons", () => {
  it("has a French text for every reason the payment code writes", () => {
    const reasons = writtenReasons();
    for (const type of ["payin", "payout"] as const) {
      for (const phone of ["+2250700000001", "+2250700000002"]) reasons.add(sandboxPhoneOutcome(phone, type)!.reason!);
      reasons.add(EXPIRY_REASONS[type]);
    }
    expect(reasons.size).toBeGreaterThanOrEqual(9);
    for (const text of reasons) {
      const code = reasonCode(text);
      expect(code, `no catalogue entry for reason "${text}"`).not.toBeNull();
      const french = translateReason(text, fr as Messages);
      expect(french, `"${text}" is not translated`).not.toBe(text);
      expect(translateReason(text, en as Messages)).toBe(text);
    }
    expect(translateReason("Recipient account not found", fr as Messages)).toBe("Compte du bénéficiaire introuvable");
    // A sentence we did not write (an operator's) is shown as written.
    expect(translateReason("Blocked by the operator", fr as Messages)).toBe("Blocked by the operator");
  });
});

describe("plurals", () => {
  it("follows English and French plural rules through ICU messages", () => {
    const merchants = (locale: "en" | "fr", count: number) => translate((locale === "fr" ? fr : en) as Messages, "console.total", { count }, locale);
    expect(merchants("en", 1)).toBe("1 merchant");
    expect(merchants("en", 2)).toBe("2 merchants");
    expect(merchants("en", 0)).toBe("0 merchants");
    expect(merchants("fr", 1)).toBe("1 marchand");
    expect(merchants("fr", 2)).toBe("2 marchands");
    expect(merchants("fr", 0)).toBe("0 marchand");
    expect(merchants("fr", 1500)).toBe("1\u202f500 marchands");
    expect(formatMessage("{n, plural, =0 {none} one {# item} other {# items}} for {who}", { n: 0, who: "Awa" }, "en")).toBe("none for Awa");
  });

  it("leaves no hand-made plural in the catalogue", () => {
    const flat = (o: object, out: string[] = []): string[] => {
      for (const v of Object.values(o)) {
        if (typeof v === "string") out.push(v);
        else flat(v, out);
      }
      return out;
    };
    for (const text of [...flat(en), ...flat(fr)]) expect(text, text).not.toMatch(/\{count\} \w+s\b/);
  });
});

describe("words", () => {
  it("calls a payout Décaissement in French, never Paiement", () => {
    expect(fr.types).toEqual({ payin: "Encaissement", payout: "Décaissement", refund: "Remboursement", settlement: "Reversement" });
    // `pay` is the payer's page (issue 21): a customer makes a payment ("Paiement reçu"), as on the checkout page.
    const flat = JSON.stringify({ ...fr, reasons: {}, pay: {} });
    expect(flat).not.toMatch(/Paiement|paiements? (réels|en cours|envoyé|réservé|restitué)/);
  });

  it("says how long the old webhook secret keeps signing, as the server does", () => {
    expect(ROTATION_OVERLAP_MS).toBe(24 * 60 * 60 * 1000);
    expect(en.developers.rotateBody).toContain("24 hours");
    expect(fr.developers.rotateBody).toContain("24 heures");
    expect(en.developers.rotateBody).not.toContain("for a while");
  });
});

describe("audit log actions", () => {
  it("every action recordAudit can record has its words in both languages, and no words are left for an action it cannot", () => {
    for (const messages of [en, fr] as unknown as Messages[]) {
      const words = (messages as unknown as { control: { actions: Record<string, string> } }).control.actions;
      for (const action of AUDIT_ACTIONS) expect(words[action.replaceAll(".", "_")], action).toMatch(/\S/);
      expect(Object.keys(words).sort()).toEqual(AUDIT_ACTIONS.map((a) => a.replaceAll(".", "_")).sort());
    }
  });

  it("every action literal the server records is in the list (the type checks calls; this catches the rest)", () => {
    const recorded = new Set<string>();
    for (const file of filesUnder(path.join(root, "server"))) {
      const src = fs.readFileSync(file, "utf8");
      for (const m of src.matchAll(/action: (?:[^,}]*\? )?"([a-z_]+\.[a-z_]+)"(?: : "([a-z_]+\.[a-z_]+)")?/g)) for (const a of m.slice(1)) if (a) recorded.add(a);
    }
    expect(recorded.size).toBeGreaterThan(20);
    for (const a of recorded) expect(AUDIT_ACTIONS as readonly string[], a).toContain(a);
  });
});
