/**
 * Bulk transactions for benchmarks and the dashboard at scale: N rows (default
 * 1,000,000) for one merchant and mode, generated inside PostgreSQL with
 * generate_series (one INSERT … SELECT per chunk, two chunks at a time, no rows cross
 * the wire).
 *
 *   tsx scripts/seed-bulk.ts --database-url postgres://… --merchant mer_… [--mode test]
 *                            [--rows 1000000] [--days 90] [--chunk 100000]
 *
 * The rows look like real traffic (70 % payins, statuses mostly successful, 6 countries,
 * created over the last --days, ids in the `pi_`/`po_` + ULID form ordered by creation)
 * but are history only: no ledger entries, no webhook events, never picked up by the
 * worker (no next_check_at). PostgreSQL only (PGlite would take minutes).
 */
import postgres from "postgres";

interface Args {
  databaseUrl: string;
  merchant: string;
  mode: "test" | "live";
  rows: number;
  days: number;
  chunk: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const databaseUrl = get("database-url") ?? process.env.DATABASE_URL;
  const merchant = get("merchant");
  if (!databaseUrl || !merchant) {
    console.error("usage: tsx scripts/seed-bulk.ts --database-url URL --merchant mer_… [--mode test|live] [--rows N] [--days D] [--chunk N]");
    process.exit(2);
  }
  const mode = (get("mode") ?? "test") as Args["mode"];
  if (mode !== "test" && mode !== "live") throw new Error("--mode must be test or live");
  const int = (v: string | undefined, d: number) => {
    const n = v === undefined ? d : Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`not a positive integer: ${v}`);
    return n;
  };
  return { databaseUrl, merchant, mode, rows: int(get("rows"), 1_000_000), days: int(get("days"), 90), chunk: int(get("chunk"), 100_000) };
}

/**
 * One chunk: rows `from`..`to` of `total`, row i created `i/total` of the way back over
 * the period (row 1 newest). The ULID time part is base32 (Crockford) of the creation
 * millisecond, the random part hex of md5: valid ULID characters, unique, and ids sort
 * like creation times, as real ones do.
 */
const CHUNK_SQL = `
with p as (select $1::int as from_i, $2::int as to_i, $3::int as total, $4::int as days,
                  $5::text as merchant, $6::mode as mode, now() as t0),
s as (
  select i, p.merchant, p.mode,
         p.t0 - (i::float8 / p.total) * (p.days * interval '1 day') as created_at,
         (abs(hashtext(i::text)) % 100) as r1,
         (abs(hashtext('s' || i::text)) % 100) as r2,
         (abs(hashtext('c' || i::text)) % 6) as c
  from p, generate_series(p.from_i, p.to_i) i
),
d as (
  select s.*,
         case when r1 < 70 then 'payin' else 'payout' end::transaction_type as type,
         case when r2 < 80 then 'successful' when r2 < 90 then 'failed' when r2 < 95 then 'cancelled' else 'pending' end::transaction_status as status,
         (array['KE','CI','SN','UG','RW','CM'])[c + 1] as cc,
         ((abs(hashtext('a' || i::text)) % 500000) + 1000)::bigint * 100 as amt,
         (floor(extract(epoch from created_at) * 1000))::bigint as ms
  from s
)
insert into transactions (id, merchant_id, mode, type, status, requested_amount, amount, fee, charged_amount, currency,
  order_id, payment_method, country_code, network, phone_number, beneficiary, connector, completed_at, created_at, updated_at)
select
  case when type = 'payin' then 'pi_' else 'po_' end ||
    ${[9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((k) => `substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((ms >> ${5 * k}) & 31)::int + 1, 1)`).join(" || ")} ||
    upper(substr(md5(i::text || merchant), 1, 16)),
  merchant, mode, type, status, amt, amt, amt / 100, amt + amt / 100,
  case cc when 'KE' then 'KES' when 'CI' then 'XOF' when 'SN' then 'XOF' when 'UG' then 'UGX' when 'CM' then 'XAF' else 'RWF' end,
  'bulk-' || i, 'mobile_money',
  cc,
  case cc when 'KE' then 'safaricom' when 'CI' then 'orange' when 'SN' then 'wave' when 'UG' then 'mtn' when 'CM' then 'mtn' else 'airtel' end,
  case cc when 'KE' then '2547' when 'CI' then '22507' when 'SN' then '22177' when 'UG' then '25677' when 'CM' then '23767' else '25078' end
    || lpad((i % 100000000)::text, 8, '0'),
  case when type = 'payout' then 'Bulk Recipient ' || (i % 1000) end,
  'sandbox',
  case when status <> 'pending' then created_at + interval '3 seconds' end,
  created_at,
  case when status <> 'pending' then created_at + interval '3 seconds' else created_at end
from d`;

export async function seedBulk(args: Args, log: (line: string) => void = console.log): Promise<{ rows: number; seconds: number }> {
  const sql = postgres(args.databaseUrl, { max: 2, onnotice: () => {} });
  const started = Date.now();
  try {
    const [m] = await sql`select id from merchants where id = ${args.merchant}`;
    if (!m) throw new Error(`merchant ${args.merchant} not found`);
    const chunks: Array<[number, number]> = [];
    for (let from = 1; from <= args.rows; from += args.chunk) chunks.push([from, Math.min(args.rows, from + args.chunk - 1)]);
    let done = 0;
    // Two chunks at a time: generating rows is CPU work in one backend each.
    const worker = async () => {
      for (let next = chunks.shift(); next; next = chunks.shift()) {
        await sql.unsafe(CHUNK_SQL, [next[0], next[1], args.rows, args.days, args.merchant, args.mode]);
        done += next[1] - next[0] + 1;
        log(`seed-bulk: ${done.toLocaleString("en-US")} / ${args.rows.toLocaleString("en-US")} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    };
    await Promise.all([worker(), worker()]);
    await sql`analyze transactions`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { rows: args.rows, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("seed-bulk.ts")) {
  seedBulk(parseArgs(process.argv.slice(2))).then(
    (r) => console.log(`seed-bulk: done, ${r.rows.toLocaleString("en-US")} rows in ${r.seconds.toFixed(1)} s`),
    (err) => {
      console.error(`seed-bulk: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
