import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * server/log-destination.ts, in a process of its own writing to a real pipe (its stdout):
 * every line arrives, in order, however the process ends, and lines reach the file in
 * chunks rather than one write each.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-logdest-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(ending: "exit" | "natural" | "timer" | "throw", lines: number): { stdout: string; stderr: string; status: number | null } {
  const script = path.join(dir, `${ending}.mts`);
  fs.writeFileSync(
    script,
    [
      `import fs from "node:fs";`,
      `import { chunkedDestination } from ${JSON.stringify(path.join(ROOT, "server", "log-destination.ts"))};`,
      `import { createLogger } from ${JSON.stringify(path.join(ROOT, "server", "logger.ts"))};`,
      // Count the write() calls that reach stdout's file descriptor.
      `let writes = 0;`,
      `const original = fs.writeSync;`,
      `(fs as any).writeSync = (fd: number, ...rest: unknown[]) => { if (fd === 1) writes++; return (original as any)(fd, ...rest); };`,
      `const dest = chunkedDestination({ fd: 1, minLength: 16_384, flushEveryMs: 50 });`,
      `const log = createLogger(dest, "info");`,
      `for (let i = 0; i < ${lines}; i++) {`,
      // Lines of varying length, some with characters of several bytes.
      `  if (i % 3 === 0) log.info({ i, city: "Dakar é ${"x".repeat(20)}" }, "line");`,
      `  else dest.write(JSON.stringify({ i, pad: "y".repeat(i % 50), who: "Nairobi ✓" }) + "\\n");`,
      `}`,
      `process.on("exit", () => process.stderr.write("writes=" + writes + "\\n"));`,
      ending === "exit" ? `process.exit(0);` : "",
      ending === "timer" ? `setTimeout(() => {}, 300);` : "",
      ending === "throw" ? `setTimeout(() => { throw new Error("boom"); }, 10);` : "",
    ].join("\n"),
  );
  const r = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 64 * 1024 * 1024 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function indexes(stdout: string): number[] {
  return stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { i: number }).i);
}

describe("chunked log destination", () => {
  for (const ending of ["exit", "natural", "timer", "throw"] as const) {
    it(`writes every line in order when the process ends by ${ending}`, () => {
      const n = 5_000;
      const r = run(ending, n);
      expect(r.status).toBe(ending === "throw" ? 1 : 0);
      expect(indexes(r.stdout)).toEqual(Array.from({ length: n }, (_, i) => i));
      // Each line is whole and its multi-byte characters intact.
      expect(r.stdout).toContain("Nairobi ✓");
      expect(r.stdout).toContain("Dakar é");
      const writes = Number(/writes=(\d+)/.exec(r.stderr)?.[1]);
      // ~90 bytes a line: chunks of 16 KB or more mean far fewer writes than lines.
      expect(writes).toBeGreaterThan(0);
      expect(writes).toBeLessThan(n / 100);
    });
  }
});
