import { z } from "../../zod";
import { coverage, findCountry } from "../coverage";
import bf from "./bf.json";
import bj from "./bj.json";
import cd from "./cd.json";
import cg from "./cg.json";
import ci from "./ci.json";
import cm from "./cm.json";
import gm from "./gm.json";
import gn from "./gn.json";
import ke from "./ke.json";
import ml from "./ml.json";
import rw from "./rw.json";
import sn from "./sn.json";
import tg from "./tg.json";
import tz from "./tz.json";
import ug from "./ug.json";

/**
 * The national numbering plans, one JSON file per covered country: each operator's mobile
 * ranges as prefixes of the national significant number (after the country code), with
 * the regulator's document named as source. Kept as data so a range the regulator
 * reassigns is a one-line change reviewed like any other.
 *
 * `network` is our catalog id (coverage.ts) or null for an operator Sika does not serve:
 * its ranges are listed so that a number in them is answered "Network not found" instead
 * of falling into a shorter prefix held by another operator.
 */
const rangeSchema = z.strictObject({
  network: z.string().nullable(),
  operator: z.string().min(1),
  prefixes: z.array(z.string().regex(/^\d{1,6}$/)).min(1),
});

const planSchema = z.strictObject({
  country_code: z.string().length(2),
  dialing_code: z.string().regex(/^\d{1,3}$/),
  source: z.strictObject({
    regulator: z.string().min(1),
    document: z.string().min(1),
    url: z.url(),
    as_of: z.iso.date(),
    /** What was checked, against what, and what is still "to be re-verified". */
    how: z.string().min(1),
    /** The texts actually read for the check, each with what it supports (none: nothing was found). */
    references: z
      .array(
        z.strictObject({
          title: z.string().min(1),
          publisher: z.string().min(1),
          url: z.url(),
          /** As the text dates itself (YYYY, YYYY-MM or YYYY-MM-DD), or "undated (read …)". */
          published: z.string().min(4),
          supports: z.string().min(1),
        }),
      )
      .optional(),
  }),
  /** Why the answer is a best guess (mobile number portability, mergers). */
  portability: z.string().min(1),
  note: z.string().optional(),
  ranges: z.array(rangeSchema).min(1),
});

export type NumberingPlan = z.output<typeof planSchema>;
export type OperatorRange = z.output<typeof rangeSchema>;

function load(raw: unknown): NumberingPlan {
  const plan = planSchema.parse(raw);
  const country = findCountry(plan.country_code);
  if (!country) throw new Error(`numbering plan for uncovered country ${plan.country_code}`);
  const seen = new Set<string>();
  for (const range of plan.ranges) {
    if (range.network !== null && !country.networks.some((n) => n.id === range.network)) {
      throw new Error(`numbering plan ${plan.country_code}: ${range.network} is not one of the country's networks`);
    }
    for (const prefix of range.prefixes) {
      if (seen.has(prefix)) throw new Error(`numbering plan ${plan.country_code}: prefix ${prefix} listed twice`);
      seen.add(prefix);
    }
  }
  return plan;
}

export const numberingPlans: readonly NumberingPlan[] = [bf, bj, cd, cg, ci, cm, gm, gn, ke, ml, rw, sn, tg, tz, ug].map(load);

const byCountry = new Map(numberingPlans.map((p) => [p.country_code, p]));

if (byCountry.size !== coverage.length || coverage.some((c) => !byCountry.has(c.code))) {
  throw new Error("every covered country needs exactly one numbering plan");
}

export function numberingPlanFor(countryCode: string): NumberingPlan | undefined {
  return byCountry.get(countryCode.toUpperCase());
}

/** The range whose prefix is the longest one starting the national number, if any. */
export function longestPrefixMatch(plan: NumberingPlan, nationalNumber: string): { range: OperatorRange; prefix: string } | undefined {
  let best: { range: OperatorRange; prefix: string } | undefined;
  for (const range of plan.ranges) {
    for (const prefix of range.prefixes) {
      if (nationalNumber.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { range, prefix };
    }
  }
  return best;
}
