import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { decodeRow, queryText, rawClient } from "../db/raw";
import { onInvalidation, publishInvalidation } from "../invalidation";
import { feeRules, type FeeRule } from "../db/schema";
import { coverage, findCountry, findCurrencyLimits, findNetwork } from "../catalog/coverage";
import { errors, fieldError } from "../errors";
import { newId } from "../ids";
import type { Minor } from "../money";
import { FEE_SCHEDULE_DIRECTIONS } from "../vocabulary";

/**
 * The fee schedule (D3), keyed by (direction, country, network, currency). Network '*'
 * is the country default; a row for a named network overrides it. Defaults are seeded
 * at start without overwriting operator edits, and also answer when a database has no
 * row at all (a fresh test database), so a fee is always defined.
 */
export type FeeDirection = FeeRule["direction"];
export const ANY_NETWORK = "*";

/** Default rates: payin 1.5 %, payout 1 %, settlement to the bank 0.5 % (issue 21), no fixed part, for every country and currency. */
export const DEFAULT_RATE_BPS: Record<FeeDirection, number> = { payin: 150, payout: 100, settlement: 50 };

export interface FeeRuleKey {
  direction: FeeDirection;
  countryCode: string;
  network: string;
  currency: string;
}

export interface EffectiveFeeRule extends FeeRuleKey {
  rateBps: number;
  fixedAmount: Minor;
  /** The stored rule that applied, or null when the built-in default did. */
  ruleId: string | null;
}

/** Every default row: (payin|payout|settlement) x country x currency, network '*'. */
export function defaultFeeRules(): Array<FeeRuleKey & { rateBps: number; fixedAmount: Minor }> {
  return coverage.flatMap((country) =>
    country.currencies.flatMap((c) =>
      FEE_SCHEDULE_DIRECTIONS.map((direction) => ({
        direction,
        countryCode: country.code,
        network: ANY_NETWORK,
        currency: c.currency,
        rateBps: DEFAULT_RATE_BPS[direction],
        fixedAmount: 0n,
      })),
    ),
  );
}

/** Inserts the default schedule; existing rows (operator edits) are left alone. */
export async function seedDefaultFeeRules(db: DbOrTx): Promise<void> {
  await db
    .insert(feeRules)
    .values(defaultFeeRules().map((r) => ({ id: newId("fee"), ...r })))
    .onConflictDoNothing();
  // Only rows that were missing, whose rates the built-in default gave already: this
  // process forgets (the rule ids change), others need no telling.
  forgetFeeRules();
}

/**
 * The rules each payment looks up, cached per database handle: the lookup was one query
 * per payin and payout, most of what the database driver cost a payin (issue 13 profile).
 * A change (updateFeeRule, deleteFeeRuleOverride) empties this process's cache
 * at once and every other instance's through server/invalidation.ts (LISTEN/NOTIFY or
 * Redis); FEE_RULE_CACHE_MS bounds an entry's age should a notification be missed. A
 * lookup that started before a change never stores its (older) answer: the generation
 * it read is no longer current.
 */
export const FEE_RULE_CACHE_MS = 5_000;
interface FeeCacheState {
  generation: number;
  byDb: WeakMap<object, Map<string, { rows: FeeRule[]; at: number }>>;
}
// On globalThis: Next bundles routes with their own copies of this module; one cache per process.
const FEE_CACHE = Symbol.for("sika.feeRuleCache");
const gf = globalThis as unknown as { [FEE_CACHE]?: FeeCacheState };
const feeCache = (): FeeCacheState => (gf[FEE_CACHE] ??= { generation: 0, byDb: new WeakMap() });

/** Empties every process's fee rule cache: this one now, the others when `db` commits. */
async function feeRulesChanged(db: DbOrTx): Promise<void> {
  forgetFeeRules();
  await publishInvalidation(db, "fee-rules", ["*"]);
  // In a transaction a lookup could have stored the old rows between the two: again after.
  forgetFeeRules();
}

/** This process only (tests, and the cross-instance listener). */
export function forgetFeeRules(): void {
  const c = feeCache();
  c.generation++;
  c.byDb = new WeakMap();
}

const FEE_RULE_SQL = `select * from fee_rules where direction = $1 and country_code = $2 and currency = $3 and network in ($4, '*')`;

const cacheKeyOf = (key: FeeRuleKey) => `${key.direction}\u0001${key.countryCode}\u0001${key.currency}\u0001${key.network}`;

/** The cached candidate rows, or undefined (then candidateRules). */
function cachedRules(db: DbOrTx, key: FeeRuleKey): FeeRule[] | undefined {
  if (!rawClient(db)) return undefined;
  onInvalidation("fee-rules", forgetFeeRules, forgetFeeRules);
  const hit = feeCache().byDb.get(db)?.get(cacheKeyOf(key));
  return hit && Date.now() - hit.at < FEE_RULE_CACHE_MS ? hit.rows : undefined;
}

/** The candidate rows: one constant text, prepared on the driver when it can (it runs on every payment, see db/raw.ts). */
async function candidateRules(db: DbOrTx, key: FeeRuleKey): Promise<FeeRule[]> {
  const cached = rawClient(db) !== null;
  if (cached) onInvalidation("fee-rules", forgetFeeRules, forgetFeeRules);
  const c = feeCache();
  const generation = c.generation;
  const now = Date.now();
  const rows = (await queryText(db, FEE_RULE_SQL, [key.direction, key.countryCode, key.currency, key.network])).map((r) => decodeRow<FeeRule>(feeRules, r));
  // Cached per Database only (a transaction's reads stay its own).
  if (cached && c.generation === generation) {
    let forDb = c.byDb.get(db);
    if (!forDb) c.byDb.set(db, (forDb = new Map()));
    if (forDb.size > 1_000) forDb.clear();
    forDb.set(cacheKeyOf(key), { rows, at: now });
  }
  return rows;
}

/** The rule for a network, else the country default, else the built-in default. */
export async function getFeeRule(db: DbOrTx, key: FeeRuleKey): Promise<EffectiveFeeRule> {
  const rows = cachedRules(db, key) ?? (await candidateRules(db, key));
  const row = rows.find((r) => r.network === key.network && key.network !== ANY_NETWORK) ?? rows.find((r) => r.network === ANY_NETWORK);
  // Object.assign, not spreads with new fields: those cost ~1.4 µs a field (payments/api-views.ts).
  if (row) return Object.assign({}, key, { rateBps: row.rateBps, fixedAmount: row.fixedAmount, ruleId: row.id });
  return Object.assign({}, key, { rateBps: DEFAULT_RATE_BPS[key.direction], fixedAmount: 0n, ruleId: null });
}

export async function listFeeRules(
  db: DbOrTx,
  filters: { direction?: FeeDirection; countryCode?: string } = {},
): Promise<FeeRule[]> {
  const where = [];
  if (filters.direction) where.push(eq(feeRules.direction, filters.direction));
  if (filters.countryCode) where.push(eq(feeRules.countryCode, filters.countryCode.toUpperCase()));
  return db
    .select()
    .from(feeRules)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(feeRules.countryCode), asc(feeRules.currency), asc(feeRules.direction), asc(feeRules.network));
}

export interface UpdateFeeRuleInput extends FeeRuleKey {
  rateBps: number;
  fixedAmount: Minor;
  updatedBy?: string | null;
}

/** Checks a key against the catalog; returns it canonical (upper-case country, network id). */
function canonicalKey(key: FeeRuleKey): FeeRuleKey {
  const country = findCountry(key.countryCode);
  if (!country) throw fieldError("country_code", `The country_code field must be one of: ${coverage.map((c) => c.code).join(", ")}.`);
  const limits = findCurrencyLimits(country, key.currency);
  if (!limits) throw fieldError("currency", `The currency field must be one of: ${country.currencies.map((c) => c.currency).join(", ")}.`);
  let network = ANY_NETWORK;
  if (key.network !== ANY_NETWORK) {
    const found = findNetwork(country, key.network);
    if (!found) throw fieldError("network", `The network field must be one of: *, ${country.networks.map((n) => n.id).join(", ")}.`);
    network = found.id;
  }
  return { direction: key.direction, countryCode: country.code, network, currency: limits.currency };
}

/** Creates or changes one rule (operator console). A network other than '*' adds an override. */
export async function updateFeeRule(db: DbOrTx, input: UpdateFeeRuleInput): Promise<FeeRule> {
  if (!Number.isInteger(input.rateBps) || input.rateBps < 0 || input.rateBps > 10_000) {
    throw fieldError("rate_bps", "The rate_bps field must be an integer between 0 and 10000.");
  }
  if (input.fixedAmount < 0n) throw fieldError("fixed_amount", "The fixed_amount field must be at least 0.");
  const key = canonicalKey(input);
  const set = { rateBps: input.rateBps, fixedAmount: input.fixedAmount, updatedBy: input.updatedBy ?? null, updatedAt: new Date() };
  const [row] = await db
    .insert(feeRules)
    .values({ id: newId("fee"), ...key, ...set })
    .onConflictDoUpdate({ target: [feeRules.direction, feeRules.countryCode, feeRules.network, feeRules.currency], set })
    .returning();
  await feeRulesChanged(db);
  return row;
}

/** Removes a network override, so the country default applies again. Defaults cannot be removed. */
export async function deleteFeeRuleOverride(db: DbOrTx, key: FeeRuleKey): Promise<void> {
  const canonical = canonicalKey(key);
  if (canonical.network === ANY_NETWORK) throw fieldError("network", "The country default rule cannot be removed; change its rate instead.");
  const deleted = await db
    .delete(feeRules)
    .where(
      and(
        eq(feeRules.direction, canonical.direction),
        eq(feeRules.countryCode, canonical.countryCode),
        eq(feeRules.network, canonical.network),
        eq(feeRules.currency, canonical.currency),
      ),
    )
    .returning({ id: feeRules.id });
  if (!deleted.length) throw errors.notFound("Fee rule not found");
  await feeRulesChanged(db);
}
