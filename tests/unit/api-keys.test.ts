import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "@/server/auth/api-keys";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import { decryptSecret, encryptSecret, generateWebhookSecret } from "@/server/auth/secret-box";

describe("API keys", () => {
  it("are prefixed by mode and carry at least 24 random bytes", () => {
    const key = generateApiKey("test");
    expect(key).toMatch(/^sk_test_[A-Za-z0-9]{43}$/);
    // 43 base62 characters hold log2(62^43) ≈ 256 bits.
    expect(43 * Math.log2(62)).toBeGreaterThan(24 * 8);
    expect(generateApiKey("live")).toMatch(/^sk_live_/);
    expect(generateApiKey("test")).not.toBe(key);
  });

  it("are stored as a SHA-256 hash and checked for format before any lookup", () => {
    const key = generateApiKey("test");
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(8));
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey("sk_prod_abc")).toBe(false);
    expect(isWellFormedApiKey(`${key}'--`)).toBe(false);
  });
});

describe("passwords and secrets", () => {
  it("hashes passwords with scrypt and verifies them", async () => {
    const hash = await hashPassword("correct horse");
    // The suites hash at PASSWORD_HASH_LOG_N=14 (vitest.config.ts); production at 2^17 (security-browser.test.ts).
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
  });

  it("encrypts webhook secrets at rest", () => {
    const secret = generateWebhookSecret();
    const sealed = encryptSecret(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(decryptSecret(sealed)).toBe(secret);
    expect(() => decryptSecret(sealed.slice(0, -4) + "AAAA")).toThrow();
  });
});
