import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

/**
 * AES-256-GCM for secrets at rest (webhook secrets). The key comes from SECRETS_KEY;
 * in development, when unset, a key is generated once into .data/secrets.key so a
 * fresh clone runs without configuration. Production refuses to start without it.
 */
let cachedKey: Buffer | undefined;

function loadKey(): Buffer {
  if (cachedKey) return cachedKey;
  const configured = env().SECRETS_KEY;
  if (configured) {
    const buf = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, "hex") : Buffer.from(configured, "base64");
    if (buf.length !== 32) throw new Error("SECRETS_KEY must be 32 bytes (64 hex chars or base64)");
    cachedKey = buf;
    return buf;
  }
  if (env().NODE_ENV === "production" && env().DATABASE_URL) {
    throw new Error("SECRETS_KEY is required in production");
  }
  const file = path.resolve(".data", "secrets.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch {
      // another process created it first
    }
  }
  cachedKey = Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
  return cachedKey;
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", loadKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
}

export function decryptSecret(sealed: string): string {
  const [version, ivB64, tagB64, bodyB64] = sealed.split(".");
  if (version !== "v1" || !ivB64 || !tagB64 || bodyB64 === undefined) throw new Error("unknown secret format");
  const decipher = crypto.createDecipheriv("aes-256-gcm", loadKey(), Buffer.from(ivB64, "base64"));
  decipher.setAuthTag(Buffer.from(tagB64, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(bodyB64, "base64")), decipher.final()]).toString("utf8");
}

/** `whsec_` + base64 of 32 random bytes (D10). */
export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/**
 * A secret we can compute again instead of storing: HMAC-SHA256 under a sub-key of
 * SECRETS_KEY, for `purpose` and `id` (base64url). Used where a per-record secret must go
 * out in a URL later (Daraja's B2C result URL) while the database keeps only its hash.
 */
export function deriveSecret(purpose: string, id: string): string {
  const subKey = crypto.createHmac("sha256", loadKey()).update(`sika derived secret: ${purpose}`).digest();
  return crypto.createHmac("sha256", subKey).update(id).digest("base64url").slice(0, 32);
}
