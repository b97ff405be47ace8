import crypto from "node:crypto";
import { promisify } from "node:util";
import { env } from "../env";

/**
 * scrypt from Node's crypto: a memory-hard password hash with no native dependency, at
 * OWASP's current recommendation N=2^17, r=8, p=1 (128 MiB and ~0.5-1 s per hash on one
 * core). Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can be raised later:
 * a hash made at a lower cost still verifies, and `needsRehash` tells sign-in to replace
 * it with one at today's cost.
 *
 * PASSWORD_HASH_LOG_N lowers the cost outside production only (the test suites create
 * hundreds of users); production always hashes at 2^17 or more.
 */
const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
export const PRODUCTION_LOG_N = 17;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below N=2^17. */
function maxmemFor(n: number, r: number): number {
  return 128 * n * r + 16 * 1024 * 1024;
}

export function targetCost(): number {
  const e = env();
  const logN = e.NODE_ENV === "production" ? Math.max(PRODUCTION_LOG_N, e.PASSWORD_HASH_LOG_N) : e.PASSWORD_HASH_LOG_N;
  return 2 ** logN;
}

export async function hashPassword(password: string, n = targetCost()): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) });
  return ["scrypt", n, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, hashB64] = stored.split("$");
  if (alg !== "scrypt" || !saltB64 || !hashB64) return false;
  const N = Number(n);
  const rr = Number(r);
  // A corrupted row must not make us allocate gigabytes.
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || !Number.isInteger(rr) || rr < 1 || rr > 32) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, { N, r: rr, p: Number(p), maxmem: maxmemFor(N, rr) });
  return crypto.timingSafeEqual(actual, expected);
}

/** True when the stored hash was made at a lower cost than today's (upgrade it on sign-in). */
export function needsRehash(stored: string): boolean {
  const [alg, n, r, p] = stored.split("$");
  return alg !== "scrypt" || Number(n) < targetCost() || Number(r) !== R || Number(p) !== P;
}

let dummy: Promise<string> | undefined;
let dummyCost = 0;

/**
 * The same work as checking a real password, for an email we do not know: the answer
 * time must not tell an unknown address from a wrong password.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  if (!dummy || dummyCost !== targetCost()) {
    dummyCost = targetCost();
    dummy = hashPassword(crypto.randomBytes(16).toString("hex"), dummyCost);
  }
  await verifyPassword(password, await dummy);
}
