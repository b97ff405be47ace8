import { z } from "./zod";

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
  /** PostgreSQL driver behind server/db (docs/database-faults.md: why postgres-js or pg). */
  DB_DRIVER: z.enum(["pg", "postgres-js"]).default("pg"),
  /** Fail fast (issue 16): connect timeout, server-side statement timeout, connection recycling. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DB_IDLE_TIMEOUT_S: z.coerce.number().int().min(0).default(30),
  DB_MAX_LIFETIME_S: z.coerce.number().int().min(0).default(600),
  /** Connections of the in-process worker's own pool (0: the worker shares the API pool). */
  /**
   * How long an API request may take before it answers 503 (issue 16: never a hang).
   * 4 s keeps every answer under 5 s; a bulk-loading job or a test racing thousands of
   * requests on a small machine may raise it.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(1000).max(120_000).default(4000),
  DB_WORKER_POOL_MAX: z.coerce.number().int().min(0).max(50).default(3),
  PORT: z.coerce.number().int().default(3000),
  /** Public base URL used in links we hand out (checkout pages, paginator links). */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** next-auth's canonical URL; https here (or in PUBLIC_BASE_URL) makes session cookies Secure. */
  NEXTAUTH_URL: z.string().url().optional(),
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
  /** Development only: creates the demo merchant and operator (fixed passwords). Ignored in production (D14). */
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  /** Lean API entry (scripts/lean-entry.ts): processes to fork; anything unreadable means 1. */
  API_WORKERS: z.coerce.number().catch(1).default(1),
  /** "1": test-mode webhooks may reach private addresses (D14). Unset: only outside production. */
  ALLOW_PRIVATE_WEBHOOK_URLS: z.enum(["0", "1"]).optional(),
  /** scrypt cost exponent for new password hashes; production never goes below 17 (server/auth/passwords.ts). */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Shared rate-limit store; unset means the database (PostgreSQL table, or PGlite). */
  REDIS_URL: z.string().url().optional(),
  /** Dashboard sign-ups per client address per hour (D14). A shared office or a test suite behind one address may need more. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Reset and email-verification links opened per client address per hour (issue 22). A QA suite signing up many accounts from one machine needs more. */
  ACCOUNT_LINK_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Issue 23: "0" stops recording /api/v1 requests in the request log (the bench's comparison run). */
  REQUEST_LOG_ENABLED: z.enum(["0", "1"]).default("1"),
  /** Request log batches sent from a thread of their own (server/request-logs/copy-thread-writer.ts); auto: in production. */
  REQUEST_LOG_THREAD: z.enum(["auto", "0", "1"]).default("auto"),
  /** The longest an entry waits for its batch of 500 (server/request-logs/write-batch.ts): how far the log may lag. */
  REQUEST_LOG_FLUSH_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  /** Live rails: first status query this long after submission, then a growing backoff (D15). */
  CONNECTOR_POLL_SECONDS: z.coerce.number().min(0).default(30),
  /** The longest wait between two status queries of one pending live transaction. */
  CONNECTOR_MAX_POLL_SECONDS: z.coerce.number().min(0).default(900),
  /** Timeout of one operator HTTP call. */
  CONNECTOR_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  /** Consecutive operator timeouts / network errors / 5xx that open a network's circuit breaker. */
  CONNECTOR_BREAKER_THRESHOLD: z.coerce.number().int().min(1).default(5),
  /** How long an open breaker answers 503 before it lets a trial call through (half-open). */
  CONNECTOR_BREAKER_COOLDOWN_SECONDS: z.coerce.number().min(0).default(30),
  // D15 live connectors: a network is live only when its block is complete (server/connectors/*).
  MTN_MOMO_BASE_URL: z.string().optional(),
  MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_MOMO_COLLECTION_USER_ID: z.string().optional(),
  MTN_MOMO_COLLECTION_API_KEY: z.string().optional(),
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().optional(),
  MTN_MOMO_DISBURSEMENT_USER_ID: z.string().optional(),
  MTN_MOMO_DISBURSEMENT_API_KEY: z.string().optional(),
  MTN_MOMO_TARGET_ENVIRONMENTS: z.string().optional(),
  MPESA_BASE_URL: z.string().optional(),
  MPESA_CONSUMER_KEY: z.string().optional(),
  MPESA_CONSUMER_SECRET: z.string().optional(),
  MPESA_SHORTCODE: z.string().optional(),
  MPESA_PASSKEY: z.string().optional(),
  MPESA_B2C_SHORTCODE: z.string().optional(),
  MPESA_B2C_INITIATOR_NAME: z.string().optional(),
  MPESA_B2C_SECURITY_CREDENTIAL: z.string().optional(),
  WAVE_BASE_URL: z.string().optional(),
  WAVE_API_KEY: z.string().optional(),
  WAVE_WEBHOOK_SECRET: z.string().optional(),
  AIRTEL_BASE_URL: z.string().optional(),
  AIRTEL_CLIENT_ID: z.string().optional(),
  AIRTEL_CLIENT_SECRET: z.string().optional(),
  AIRTEL_DISBURSEMENT_PIN: z.string().optional(),
  AIRTEL_PUBLIC_KEY: z.string().optional(),
  AIRTEL_COUNTRIES: z.string().optional(),
  /** Outgoing mail (server/mail): `smtp://user:pass@host:587` or `smtps://…`. Unset: printed in development, not sent in production (warned at start). */
  SMTP_URL: z.string().url().optional(),
  /** The From of every mail. */
  MAIL_FROM: z.string().default("Sika <no-reply@sika.test>"),
  // Issue 20 (D19) routes. The operators' own blocks (ORANGE_MONEY_*, PAWAPAY_*, ...) are
  // declared by their descriptors (server/connectors/<operator>/descriptor.ts) and read
  // through operatorEnv(), so adding an operator does not touch this file.
  /** Route order per pair overriding "direct first, aggregator second": `CI:orange=pawapay,orange-money;SN:free=pawapay`. */
  LIVE_ROUTES: z.string().optional(),
  /** How stale this process's copy of the shared circuit breakers may get, ms (D19: all instances fail over together). */
  BREAKER_SYNC_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Issue 19 (security round two).
  /** Proxies of ours in front of Sika that append to X-Forwarded-For (0: the TCP peer is the client). */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** A dashboard session unused this long ends (server-side); the cookie itself lasts 7 days at most. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  // Issue 25: metrics, traces, status page (docs/operations.md).
  /** "0": no metrics are recorded and /metrics is off (the benchmark's comparison run). */
  METRICS_ENABLED: z.enum(["0", "1"]).default("1"),
  /** `GET /metrics` on the main port with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A separate listener for `GET /metrics` (no token: keep it on a private network). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics listener binds (default all interfaces). */
  METRICS_HOST: z.string().optional(),
  /** OTLP over HTTP (e.g. http://collector:4318): traces are exported when set, off and free otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().default("sika"),
  /** How often the worker refreshes the database-wide gauges and the status page's health sample. */
  OBSERVER_INTERVAL_SECONDS: z.coerce.number().min(1).default(30),
  /** How often the worker re-checks the ledger invariants (a full scan of ledger_entries). */
  LEDGER_CHECK_INTERVAL_SECONDS: z.coerce.number().min(10).default(300),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Every setting the schema refuses, by variable name (the production start reports them with its own checks). */
export function environmentIssues(source: NodeJS.ProcessEnv = process.env): Array<{ name: string; message: string }> {
  const parsed = schema.safeParse(source);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ name: i.path.join("."), message: i.message }));
}

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

/**
 * The operator configuration variables named by the connector descriptors (their envVars),
 * as given: each descriptor validates its own block (incomplete -> not configured).
 */
export function operatorEnv(names: readonly string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of names) out[name] = process.env[name];
  return out;
}

/**
 * NODE_ENV as the process was given it, before env()'s default (development) applies:
 * decisions that must not rest on a default (the demo seed against PostgreSQL) read this.
 */
export function explicitNodeEnv(): string | undefined {
  return process.env.NODE_ENV;
}

/**
 * Whether the process was given `name` itself, not its default: a warning that a setting
 * is ignored speaks only to whoever set it (SEED_DEMO defaults to 1 for `npm run dev`, and
 * every production start would otherwise warn about a setting nobody made).
 */
export function setByOperator(name: keyof Env): boolean {
  return process.env[name] !== undefined;
}

/**
 * The configured public origin (issue 19 §11): PUBLIC_BASE_URL, else NEXTAUTH_URL, without
 * a trailing slash. Production requires one of them (config-check.ts), and every link we
 * hand out there (OpenAPI servers, checkout redirect_url, operator callback URLs, the
 * docs' examples, paginator links) comes from it, never from the request's Host.
 */
export function publicBaseUrl(): string | undefined {
  const e = env();
  return (e.PUBLIC_BASE_URL ?? e.NEXTAUTH_URL)?.replace(/\/+$/, "");
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
