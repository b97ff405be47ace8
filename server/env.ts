import { z } from "zod";

/**
 * Environment, validated once. Read lazily (first call) so `next build` can load
 * route modules without a configured environment.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded PGlite database when DATABASE_URL is unset. */
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PORT: z.coerce.number().int().default(3000),
  /** Public base URL used in links we hand out (checkout pages, paginator links). */
  PUBLIC_BASE_URL: z.string().url().optional(),
  SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  PAYIN_EXPIRY_SECONDS: z.coerce.number().int().min(1).default(900),
  PAYOUT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(3600),
  WEBHOOK_RETRY_SCHEDULE: z.string().default("5,300,1800,7200,18000,36000,36000"),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** "0" disables the in-process worker loop (tests drive batches themselves). */
  WORKER_ENABLED: z.enum(["0", "1"]).default("1"),
  WORKER_SECRET: z.string().min(1).optional(),
  /** 32-byte key (hex or base64) encrypting webhook secrets at rest. */
  SECRETS_KEY: z.string().optional(),
  /** Signs dashboard session cookies (next-auth). Dev falls back to .data/nextauth-secret. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(2000),
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}

export function webhookRetrySchedule(): number[] {
  return env()
    .WEBHOOK_RETRY_SCHEDULE.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => Number(s))
    .filter((n) => Number.isFinite(n) && n >= 0);
}
