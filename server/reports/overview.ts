import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { transactions, type Mode } from "../db/schema";
import type { Minor } from "../money";

/**
 * Overview figures for one merchant and mode: per currency, today's and the last 30
 * days' volume (amounts of successful payins and payouts) and success rate
 * (successful / finished, pending excluded), plus one point per day for the chart.
 * Days are cut in the viewer's time zone, so "today" means their today.
 */
export interface DayPoint {
  /** YYYY-MM-DD in the requested time zone. */
  day: string;
  volume: Minor;
  successful: number;
  finished: number;
  total: number;
}

export interface PeriodStats {
  volume: Minor;
  successful: number;
  finished: number;
  total: number;
  /** 0..1, null when nothing finished in the period. */
  successRate: number | null;
}

export interface CurrencyActivity {
  currency: string;
  today: PeriodStats;
  last30Days: PeriodStats;
  daily: DayPoint[];
}

export const OVERVIEW_DAYS = 30;

export function safeTimeZone(tz: string | undefined): string {
  if (!tz) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return /^[A-Za-z0-9_+\-/]{1,64}$/.test(tz) ? tz : "UTC";
  } catch {
    return "UTC";
  }
}

/** The last OVERVIEW_DAYS calendar days in `tz`, oldest first, as YYYY-MM-DD. */
export function lastDays(tz: string, now = new Date(), days = OVERVIEW_DAYS): string[] {
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  const today = fmt.format(now);
  const [y, m, d] = today.split("-").map(Number);
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(y, m - 1, d - i));
    out.push(date.toISOString().slice(0, 10));
  }
  return out;
}

function stats(points: DayPoint[]): PeriodStats {
  const s = points.reduce(
    (acc, p) => ({ volume: acc.volume + p.volume, successful: acc.successful + p.successful, finished: acc.finished + p.finished, total: acc.total + p.total }),
    { volume: 0n, successful: 0, finished: 0, total: 0 },
  );
  return { ...s, successRate: s.finished ? s.successful / s.finished : null };
}

export async function getActivity(db: DbOrTx, input: { merchantId: string; mode: Mode; timeZone?: string; now?: Date }): Promise<CurrencyActivity[]> {
  const tz = safeTimeZone(input.timeZone);
  const days = lastDays(tz, input.now);
  // Local midnight of the first day, as an instant: '<day> 00:00' read in tz.
  const since = sql`(${days[0]}::timestamp at time zone ${tz})`;
  const localDay = sql<string>`to_char(${transactions.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day: localDay,
      currency: transactions.currency,
      volume: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.status} = 'successful'), 0)::text`,
      successful: sql<number>`(count(*) filter (where ${transactions.status} = 'successful'))::int`,
      finished: sql<number>`(count(*) filter (where ${transactions.status} <> 'pending'))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(sql`${transactions.merchantId} = ${input.merchantId} and ${transactions.mode} = ${input.mode} and ${transactions.createdAt} >= ${since}`)
    // By position: the day expression carries a bound parameter, and Postgres does not
    // see two separately bound copies of it as the same expression.
    .groupBy(sql`1`, sql`2`);

  const byCurrency = new Map<string, Map<string, DayPoint>>();
  for (const r of rows) {
    const map = byCurrency.get(r.currency) ?? new Map<string, DayPoint>();
    map.set(r.day, { day: r.day, volume: BigInt(r.volume), successful: Number(r.successful), finished: Number(r.finished), total: Number(r.total) });
    byCurrency.set(r.currency, map);
  }
  const today = days[days.length - 1];
  return [...byCurrency.entries()]
    .map(([currency, map]) => {
      const daily = days.map((day) => map.get(day) ?? { day, volume: 0n, successful: 0, finished: 0, total: 0 });
      return { currency, today: stats(daily.filter((p) => p.day === today)), last30Days: stats(daily), daily };
    })
    .sort((a, b) => b.last30Days.total - a.last30Days.total || a.currency.localeCompare(b.currency));
}
