import { env, environmentIssues, explicitNodeEnv, setByOperator } from "./env";
import { logger } from "./logger";

/**
 * D14: a production start checks its settings before it serves anything and names every
 * missing or invalid one at once (an operator fixing them one restart at a time is how a
 * half-configured server ends up answering errors forever). Reads the raw environment so a
 * value the env() schema would reject is reported here too, next to the others.
 */
export function productionConfigProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const db = source.DATABASE_URL?.trim();
  if (!db) problems.push("DATABASE_URL is required in production (postgres://user:password@host:5432/sika); the embedded database is for development only");
  else if (!/^postgres(ql)?:\/\/\S+$/.test(db)) problems.push("DATABASE_URL must be a postgres:// or postgresql:// URL");

  const key = source.SECRETS_KEY?.trim();
  if (!key) problems.push("SECRETS_KEY is required in production: 32 random bytes, hex (openssl rand -hex 32) or base64");
  else if (secretsKeyBytes(key) !== 32) problems.push("SECRETS_KEY must be 32 bytes: 64 hex characters or base64 of 32 bytes");

  const auth = source.NEXTAUTH_SECRET?.trim();
  if (!auth) problems.push("NEXTAUTH_SECRET is required in production (openssl rand -base64 32)");
  else if (auth.length < 32) problems.push("NEXTAUTH_SECRET must be at least 32 characters");

  const publicUrl = source.PUBLIC_BASE_URL?.trim() || source.NEXTAUTH_URL?.trim();
  if (!publicUrl) problems.push("PUBLIC_BASE_URL (or NEXTAUTH_URL) is required in production: the https:// address customers and receivers see");
  for (const name of ["PUBLIC_BASE_URL", "NEXTAUTH_URL"] as const) {
    const value = source[name]?.trim();
    if (value && !isHttpUrl(value)) problems.push(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  return problems;
}

function secretsKeyBytes(key: string): number {
  if (/^[0-9a-f]{64}$/i.test(key)) return 32;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return -1;
  return Buffer.from(key, "base64").length;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Production: every problem on stderr, then exit 1, before the database opens or a port is
 * served. Other modes: nothing (development runs on defaults). Also reports env() schema errors.
 */
export function assertStartable(source: NodeJS.ProcessEnv = process.env): void {
  if (source.NODE_ENV !== "production") return;
  const problems = productionConfigProblems(source);
  // The schema's refusals too, one line each, but not a second (differently worded) line for
  // a setting named above: a short NEXTAUTH_SECRET was reported as "at least 32 characters"
  // and again as zod's "expected string to have >=16 characters".
  const named = new Set(problems.map((p) => /^[A-Z0-9_]+/.exec(p)?.[0]));
  for (const issue of environmentIssues(source)) {
    if (!named.has(issue.name)) problems.push(`${issue.name}: ${issue.message}`);
  }
  if (!problems.length) return;
  const text = `Sika cannot start in production: fix these settings (see README, Configuration):\n${problems.map((p) => `  - ${p}`).join("\n")}`;
  console.error(text);
  process.exit(1);
}

/** D14: the demo merchant and operator (fixed, printed passwords) exist only in development. */
export function demoSeedAllowed(): boolean {
  const e = env();
  if (e.SEED_DEMO !== "1") return false;
  if (e.NODE_ENV === "production") {
    // Only to an operator who set it: the default (1, for `npm run dev`) is no one's mistake.
    if (setByOperator("SEED_DEMO")) logger().warn("SEED_DEMO=1 ignored: production never creates accounts with fixed passwords; create the first operator with `npm run admin -- create-operator`");
    return false;
  }
  // A PostgreSQL database is somebody's real data unless development is said out loud
  // (`next dev` says it; a forgotten NODE_ENV does not): issue 19 §2.
  if (e.DATABASE_URL && explicitNodeEnv() !== "development") {
    logger().warn("SEED_DEMO=1 ignored: DATABASE_URL points at PostgreSQL and NODE_ENV is not explicitly development");
    return false;
  }
  return true;
}
