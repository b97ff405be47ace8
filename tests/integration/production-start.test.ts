import { execFile } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoSeedAllowed, productionConfigProblems } from "@/server/config-check";
import { resetEnvCache } from "@/server/env";

/** D14 (issue 10 §1): production never seeds fixed-password accounts and refuses to start half-configured. */
function startLean(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !["DATABASE_URL", "SECRETS_KEY", "NEXTAUTH_SECRET", "NEXTAUTH_URL", "PUBLIC_BASE_URL"].includes(k)),
  );
  return new Promise((resolve) => {
    execFile(tsx, ["scripts/lean-entry.ts"], { env: { ...clean, PORT: "3409", ...env } as unknown as NodeJS.ProcessEnv, timeout: 60_000, encoding: "utf8" }, (err, _stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stderr });
    });
  });
}

describe("production start", { timeout: 90_000 }, () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("the lean entry exits non-zero naming every missing setting, before serving", async () => {
    const r = await startLean({ NODE_ENV: "production" });
    expect(r.code).toBe(1);
    for (const name of ["DATABASE_URL", "SECRETS_KEY", "NEXTAUTH_SECRET", "PUBLIC_BASE_URL"]) expect(r.stderr).toContain(name);
  });

  it("names invalid values too", async () => {
    const r = await startLean({
      NODE_ENV: "production",
      DATABASE_URL: "mysql://nope",
      SECRETS_KEY: "abc123",
      NEXTAUTH_SECRET: "short",
      PUBLIC_BASE_URL: "not a url",
      LOG_LEVEL: "loud",
    });
    expect(r.code).toBe(1);
    // One line per setting: the schema's own refusal of a value named above is not repeated
    // in other words; a setting only the schema checks still gets its line.
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("  - "));
    for (const name of ["DATABASE_URL", "SECRETS_KEY", "NEXTAUTH_SECRET", "PUBLIC_BASE_URL", "LOG_LEVEL"]) {
      expect(lines.filter((l) => l.includes(name)), name).toHaveLength(1);
    }
    expect(r.stderr).toMatch(/- LOG_LEVEL: Invalid option/);
    expect(r.stderr).toMatch(/DATABASE_URL must be a postgres/);
    expect(r.stderr).toMatch(/SECRETS_KEY must be 32 bytes/);
    expect(r.stderr).toMatch(/NEXTAUTH_SECRET must be at least 32 characters/);
    expect(r.stderr).toMatch(/PUBLIC_BASE_URL must be an absolute http\(s\) URL/);
  });

  it("a complete configuration has no problems", () => {
    expect(
      productionConfigProblems({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://sika:pw@db:5432/sika",
        SECRETS_KEY: Buffer.alloc(32, 7).toString("base64"),
        NEXTAUTH_SECRET: "x".repeat(44),
        NEXTAUTH_URL: "https://pay.example.com",
      }),
    ).toEqual([]);
  });

  it("SEED_DEMO is honoured in development only", () => {
    process.env.SEED_DEMO = "1";
    (process.env as Record<string, string>).NODE_ENV = "production";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(false);
    (process.env as Record<string, string>).NODE_ENV = "development";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(true);
    process.env.SEED_DEMO = "0";
    resetEnvCache();
    expect(demoSeedAllowed()).toBe(false);
  });
});
