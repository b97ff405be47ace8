import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

/**
 * The key that signs and encrypts dashboard session cookies (next-auth JWT). Set
 * NEXTAUTH_SECRET in production; in development a random secret is generated once
 * into .data/nextauth-secret so `npm run dev` works on a fresh clone (same rule as
 * SECRETS_KEY in secret-box.ts: production with a real database refuses to guess).
 * Read by both the auth route and proxy.ts, so the two always agree.
 */
let cached: string | undefined;

export function nextAuthSecret(): string {
  if (cached) return cached;
  const configured = env().NEXTAUTH_SECRET;
  if (configured) return (cached = configured);
  if (env().NODE_ENV === "production" && env().DATABASE_URL) {
    throw new Error("NEXTAUTH_SECRET is required in production");
  }
  const file = path.resolve(".data", "nextauth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch {
      // another process created it first
    }
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}
