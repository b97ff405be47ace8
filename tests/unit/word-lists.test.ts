import fs from "node:fs";
import path from "node:path";
import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { numberingPlans } from "@/server/catalog/numbering-plans";
import { currencyDecimals, isWholeUnitCurrency, WHOLE_UNIT_CURRENCIES } from "@/server/money";
import { BREAKER_STATES, FINAL_TRANSACTION_STATUSES, TRANSACTION_STATUSES, WEBHOOK_EVENT_KINDS, WEBHOOK_EVENT_STATES } from "@/server/vocabulary";

/**
 * Issue 26: each closed word list is spelled once, in its home, and imported everywhere
 * else. The scan reads every hand-written source file and fails on a literal list (array,
 * Set, zod enum, union type, SQL `in (...)`) of two or more words all taken from one of
 * the lists below, outside the list's home. A subset counts: `["failed", "cancelled"]` is
 * a second spelling of part of the final statuses.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SCANNED = ["server", "components", "app", "lib", "bench", "scripts"];
const SKIP = [/^server\/client\/generated\//, /\.d\.ts$/];

/** The ISO 4217 codes a whole-unit list would be made of (the 2-decimal ones operators got wrong included). */
const CURRENCY_WORDS = [...WHOLE_UNIT_CURRENCIES, "TZS", "GMD"];

const LISTS: Array<{ name: string; words: readonly string[]; home: string }> = [
  { name: "transaction statuses", words: TRANSACTION_STATUSES, home: "server/vocabulary.ts" },
  { name: "webhook event states", words: WEBHOOK_EVENT_STATES, home: "server/vocabulary.ts" },
  { name: "webhook event kinds", words: WEBHOOK_EVENT_KINDS, home: "server/vocabulary.ts" },
  { name: "breaker states", words: BREAKER_STATES, home: "server/vocabulary.ts" },
  { name: "whole-unit currencies", words: CURRENCY_WORDS, home: "server/money.ts" },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !SKIP.some((s) => s.test(rel))) out.push(rel);
  }
  return out;
}

const WORD = String.raw`["'][A-Za-z_]+["']`;
/** `[ "a", "b" ]`, `Set(["a", "b"])`, `("a", "b")`, `in ('a', 'b')`. */
const LITERAL_LIST = new RegExp(String.raw`[[(]\s*((?:${WORD}\s*,\s*)+${WORD})\s*,?\s*[\])]`, "g");
/** `"a" | "b"`. */
const UNION = new RegExp(String.raw`((?:"[A-Za-z_]+"\s*\|\s*)+"[A-Za-z_]+")`, "g");

function literalLists(text: string): Array<{ line: number; words: string[] }> {
  const found: Array<{ line: number; words: string[] }> = [];
  for (const re of [LITERAL_LIST, UNION]) {
    for (const m of text.matchAll(re)) {
      const words = [...m[1].matchAll(/["']([A-Za-z_]+)["']/g)].map((w) => w[1]);
      found.push({ line: text.slice(0, m.index).split("\n").length, words });
    }
  }
  return found;
}

function respellings(file: string, text: string): string[] {
  const hits: string[] = [];
  for (const { line, words } of literalLists(text)) {
    if (words.length < 2) continue;
    for (const list of LISTS) {
      if (file !== list.home && words.every((w) => list.words.includes(w))) hits.push(`${file}:${line} spells ${list.name} again: ${words.join(", ")}`);
    }
  }
  return hits;
}

describe("word lists spelled once", () => {
  it("the scan sees the shapes a list is spelled in (so it can fail)", () => {
    const sample = [
      `const FINAL = new Set(["successful", "failed", "cancelled"]);`,
      `state: "delivered" | "pending" | "failed";`,
      `z.enum(["closed", "open", "half_open"])`,
      "sql`and e.kind not in ('resend', 'test')`",
      `const WHOLE_UNITS = new Set(["UGX", "RWF", "TZS"]);`,
    ].join("\n");
    expect(respellings("server/example.ts", sample)).toHaveLength(5);
    // Lists of other words, or one word, are not respellings.
    expect(respellings("server/example.ts", `["pending", "approved"]; ["test", "live"]; ["failed"]`)).toEqual([]);
  });

  it("no literal list of statuses, states, kinds or whole-unit currencies outside its home", () => {
    const hits = SCANNED.flatMap((dir) => sourceFiles(dir)).flatMap((file) => respellings(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(hits).toEqual([]);
  });

  it("final statuses are transaction statuses", () => {
    for (const s of FINAL_TRANSACTION_STATUSES) expect(TRANSACTION_STATUSES).toContain(s);
  });
});

describe("whole-unit currencies follow ISO 4217", () => {
  it("XOF, XAF, GNF, UGX, RWF have no minor unit; TZS, GMD and KES have cents", () => {
    for (const c of ["XOF", "XAF", "GNF", "UGX", "RWF"]) expect([c, currencyDecimals(c), isWholeUnitCurrency(c)]).toEqual([c, 0, true]);
    for (const c of ["TZS", "GMD", "KES", "tzs"]) expect([c, currencyDecimals(c), isWholeUnitCurrency(c)]).toEqual([c, 2, false]);
  });
});

describe("country calling codes", () => {
  it("each numbering plan's dialing code is the ITU one libphonenumber carries (what the connectors use)", () => {
    for (const plan of numberingPlans) expect([plan.country_code, plan.dialing_code]).toEqual([plan.country_code, getCountryCallingCode(plan.country_code as CountryCode)]);
  });
});
