import { desc, gte, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { statusIncidents, statusIncidentUpdates, type StatusIncident, type StatusIncidentUpdate } from "../db/schema";
import { coverage } from "../catalog/coverage";
import { BY_SEVERITY, currentAvailability, SEVERITY, type Availability, type Direction, type PairAvailability } from "./availability";
import { hourlyHistory, hourOf, type HourState } from "./samples";

/**
 * What the status page and `GET /api/v1/status` show: per country and network, payin and
 * payout availability now (the routes' health from availability.ts, raised by any open
 * incident on the pair), the last 24 hours hour by hour, and the incidents (open ones and
 * those resolved in the last RECENT_DAYS days) with their updates.
 */
const RECENT_DAYS = 7;

export interface IncidentView {
  id: string;
  title: string;
  impact: "degraded" | "down";
  status: string;
  affected: string[];
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  updates: Array<{ status: string; message: string; createdAt: string }>;
}

export interface DirectionView {
  state: Availability;
  live: boolean;
  /** 24 entries, oldest first, the last is the current hour; null where no sample was taken. */
  history: Array<HourState | null>;
}

export interface NetworkStatusView {
  network: string;
  name: string;
  payin: DirectionView;
  payout: DirectionView;
}

export interface StatusOverview {
  state: Availability;
  generatedAt: string;
  countries: Array<{ countryCode: string; name: string; networks: NetworkStatusView[] }>;
  incidents: IncidentView[];
}

export function incidentView(i: StatusIncident, updates: StatusIncidentUpdate[]): IncidentView {
  return {
    id: i.id,
    title: i.title,
    impact: i.impact === "down" ? "down" : "degraded",
    status: i.status,
    affected: i.affected,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    updates: updates
      .filter((u) => u.incidentId === i.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((u) => ({ status: u.status, message: u.message, createdAt: u.createdAt.toISOString() })),
  };
}

/** Open incidents and those resolved lately, newest first, with their updates. */
export async function recentIncidents(db: DbOrTx, now: Date, limit = 20): Promise<IncidentView[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(statusIncidents)
    .where(or(isNull(statusIncidents.resolvedAt), gte(statusIncidents.resolvedAt, since)))
    .orderBy(desc(statusIncidents.createdAt))
    .limit(limit);
  if (!rows.length) return [];
  const updates = await db.select().from(statusIncidentUpdates).where(inArray(statusIncidentUpdates.incidentId, rows.map((r) => r.id)));
  return rows.map((r) => incidentView(r, updates));
}

const worse = (a: Availability, b: Availability): Availability => (SEVERITY[a] >= SEVERITY[b] ? a : b);

/** The routes' availability with open incidents applied: what a merchant should expect now. */
export function withIncidents(pairs: PairAvailability[], incidents: IncidentView[]): PairAvailability[] {
  const open = incidents.filter((i) => !i.resolvedAt);
  if (!open.length) return pairs;
  return pairs.map((p) => {
    let state = p.state;
    for (const i of open) if (i.affected.includes(`${p.countryCode}:${p.network}`)) state = worse(state, i.impact);
    return state === p.state ? p : { ...p, state, reason: "incident" };
  });
}

/** Availability now, incidents included (the page, the API and the hourly samples read this). */
export async function effectiveAvailability(db: DbOrTx, now = new Date()): Promise<{ pairs: PairAvailability[]; incidents: IncidentView[] }> {
  const [pairs, incidents] = await Promise.all([currentAvailability(db, now), recentIncidents(db, now)]);
  return { pairs: withIncidents(pairs, incidents), incidents };
}

/** The current hour's segment also shows the state now (the last sample may be up to a minute old). */
function withNow(hours: Array<HourState | null>, state: Availability, now: Date): Array<HourState | null> {
  const last = hours[23];
  if (last && SEVERITY[last.state] >= SEVERITY[state]) return hours;
  const current: HourState = { hour: hourOf(now).toISOString(), state, upRatio: last ? Math.min(last.upRatio, state === "up" ? 1 : last.upRatio) : state === "up" ? 1 : 0 };
  return [...hours.slice(0, 23), current];
}

export async function statusOverview(db: DbOrTx, now = new Date()): Promise<StatusOverview> {
  const [{ pairs, incidents }, history] = await Promise.all([effectiveAvailability(db, now), hourlyHistory(db, now)]);
  const byKey = new Map(pairs.map((p) => [`${p.countryCode}:${p.network}:${p.direction}`, p]));
  let overall: Availability = "up";
  const direction = (cc: string, network: string, d: Direction): DirectionView => {
    const p = byKey.get(`${cc}:${network}:${d}`)!;
    overall = worse(overall, p.state);
    const hours = history.get(`${cc}:${network}:${d}`) ?? Array<HourState | null>(24).fill(null);
    return { state: p.state, live: p.live, history: withNow(hours, p.state, now) };
  };
  const countries = coverage.map((c) => ({
    countryCode: c.code,
    name: c.name,
    networks: c.networks.map((n) => ({ network: n.id, name: n.name, payin: direction(c.code, n.id, "payin"), payout: direction(c.code, n.id, "payout") })),
  }));
  return { state: overall, generatedAt: now.toISOString(), countries, incidents };
}

/**
 * The public page and API answer from a copy at most CACHE_MS old (the process's own):
 * a crowd refreshing the page during an incident costs one computation per second.
 * Incident changes made in this process clear it at once.
 */
const CACHE_MS = 1000;
let cache: { at: number; value: Promise<StatusOverview> } | undefined;

export function cachedStatusOverview(db: DbOrTx): Promise<StatusOverview> {
  const now = Date.now();
  if (!cache || now - cache.at >= CACHE_MS) {
    const value = statusOverview(db);
    cache = { at: now, value };
    value.catch(() => (cache = undefined));
  }
  return cache.value;
}

export function forgetStatusOverview(): void {
  cache = undefined;
}

export { BY_SEVERITY };
