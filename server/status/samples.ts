import { gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { statusSamples } from "../db/schema";
import { BY_SEVERITY, SEVERITY, type Availability, type PairAvailability } from "./availability";

/**
 * The status page's 24-hour bars: the worker samples the availability every
 * OBSERVER_INTERVAL_SECONDS (server/worker/observer-job.ts) into one row per hour and
 * pair-direction, keeping the worst state seen and how many samples were degraded or down.
 * Rows older than KEEP_DAYS are deleted as new hours begin.
 */
const HOUR = 3_600_000;
const KEEP_DAYS = 30;

export interface HourState {
  hour: string;
  state: Availability;
  /** Share of the hour's samples that were up (0..1). */
  upRatio: number;
}

export const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR);

export async function recordSample(db: DbOrTx, pairs: PairAvailability[], now = new Date()): Promise<void> {
  if (!pairs.length) return;
  const hour = hourOf(now);
  await db
    .insert(statusSamples)
    .values(
      pairs.map((p) => ({
        hour,
        countryCode: p.countryCode,
        network: p.network,
        direction: p.direction,
        worst: SEVERITY[p.state],
        samples: 1,
        degradedSamples: p.state === "degraded" ? 1 : 0,
        downSamples: p.state === "down" ? 1 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [statusSamples.hour, statusSamples.countryCode, statusSamples.network, statusSamples.direction],
      set: {
        worst: sql`greatest(${statusSamples.worst}, excluded.worst)`,
        samples: sql`${statusSamples.samples} + 1`,
        degradedSamples: sql`${statusSamples.degradedSamples} + excluded.degraded_samples`,
        downSamples: sql`${statusSamples.downSamples} + excluded.down_samples`,
      },
    });
  if (now.getTime() - hour.getTime() < 120_000) await db.delete(statusSamples).where(lt(statusSamples.hour, new Date(hour.getTime() - KEEP_DAYS * 86_400_000)));
}

/** Per `CC:network:direction`: the last 24 hours, oldest first (null: no sample that hour). */
export async function hourlyHistory(db: DbOrTx, now = new Date()): Promise<Map<string, Array<HourState | null>>> {
  const current = hourOf(now).getTime();
  const first = current - 23 * HOUR;
  const rows = await db.select().from(statusSamples).where(gte(statusSamples.hour, new Date(first)));
  const out = new Map<string, Array<HourState | null>>();
  for (const r of rows) {
    const key = `${r.countryCode}:${r.network}:${r.direction}`;
    let list = out.get(key);
    if (!list) out.set(key, (list = Array<HourState | null>(24).fill(null)));
    const i = Math.round((r.hour.getTime() - first) / HOUR);
    if (i < 0 || i > 23) continue;
    const up = r.samples - r.degradedSamples - r.downSamples;
    list[i] = { hour: r.hour.toISOString(), state: BY_SEVERITY[r.worst] ?? "down", upRatio: r.samples ? Math.max(0, up) / r.samples : 1 };
  }
  return out;
}
