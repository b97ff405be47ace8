import { distance } from "fastest-levenshtein";
import type { z } from "../zod";

/**
 * "Unknown fields: event_type (did you mean event_types?)." for the bodies that refuse
 * fields they do not know (docs/payments.md): a misspelt setting is the usual reason, and
 * the field it was meant to be is named, as Stripe's "Received unknown parameter" does.
 */
type Def = { type?: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; element?: unknown; valueType?: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Wrappers that keep the object's keys: what is inside them is what the input is checked against. */
function unwrap(schema: unknown): unknown {
  for (let s = schema, depth = 0; depth < 16; depth++) {
    const def = defOf(s);
    if (!def) return s;
    if (def.innerType && ["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type ?? "")) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else return s;
  }
  return undefined;
}

/** The keys the object schema at `path` of the input knows; none when the path leads elsewhere. */
export function knownKeysAt(schema: z.ZodType, path: PropertyKey[]): string[] {
  let s: unknown = schema;
  for (const segment of path) {
    const def = defOf(unwrap(s));
    if (def?.type === "object") s = def.shape?.[String(segment)];
    else if (def?.type === "array") s = def.element;
    else if (def?.type === "record") s = def.valueType;
    else return [];
  }
  const def = defOf(unwrap(s));
  return def?.type === "object" && def.shape ? Object.keys(def.shape) : [];
}

const plain = (key: string) => key.toLowerCase().replace(/[_\-\s]/g, "");

/**
 * The known key an unknown one was most likely meant to be: the same once case and
 * separators are ignored (`eventTypes`), a typo of one or two letters (`event_type`,
 * `discription`), or the start of it (`events` for `event_types`). None when nothing is close.
 */
export function meantKey(unknown: string, known: string[]): string | undefined {
  const u = plain(unknown);
  if (u.length < 3) return undefined;
  const stem = u.endsWith("s") ? u.slice(0, -1) : u;
  let best: { key: string; score: number } | undefined;
  for (const key of known) {
    const k = plain(key);
    const d = distance(u, k);
    const score = d === 0 ? 0 : d <= (u.length > 5 ? 2 : 1) ? d : stem.length >= 4 && k.startsWith(stem) ? 3 : Infinity;
    if (score < (best?.score ?? Infinity)) best = { key, score };
  }
  return best?.key;
}

export function unknownFieldsMessage(keys: string[], known: string[]): string {
  const named = keys.map((key) => {
    const meant = meantKey(key, known);
    return meant ? `${key} (did you mean ${meant}?)` : key;
  });
  return `Unknown fields: ${named.join(", ")}.`;
}
