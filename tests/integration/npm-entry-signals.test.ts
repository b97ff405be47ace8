import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";

/**
 * A process manager (systemd, Docker's `CMD npm start`, a PaaS) stops the service by sending
 * SIGTERM to `npm`. npm passes it to its child, the `sh -c` running the script, and Debian's
 * sh (dash) does not pass it on: the server kept serving, orphaned, until a SIGKILL cut its
 * requests and lost its queued request log. The server scripts `exec` their command, so
 * npm's child is the server's runner itself (tsx, which relays the signal to node).
 */
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PORT = 4127;

let db: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  // Anything the script left behind on the port (the defect this file tests) is stopped too.
  await fetch(`http://127.0.0.1:${PORT}/api/healthz`).then(
    () => spawn("pkill", ["-KILL", "-f", "scripts/lean-entry.ts"]),
    () => null,
  );
  await db.destroy();
}, 60_000);

const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once("exit", () => r())));
const answers = (url: string) => fetch(url).then((r) => r.ok, () => false);

describe("SIGTERM to npm reaches the server", { timeout: 120_000 }, () => {
  it("npm run start:api: SIGTERM to npm drains the server and the port closes", async () => {
    const env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: db.url!,
      SECRETS_KEY: "7".repeat(64),
      NEXTAUTH_SECRET: "npm-entry-signals-nextauth-secret-0123456789",
      PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
      WORKER_ENABLED: "0",
      LOG_LEVEL: "info",
    };
    const npm = spawn("npm", ["run", "start:api"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    children.push(npm);
    let out = "";
    npm.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    npm.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    const url = `http://127.0.0.1:${PORT}/api/readyz`;
    for (let i = 0; i < 240 && !(await answers(url)); i++) {
      if (npm.exitCode !== null) throw new Error(`start:api exited: ${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await answers(url)).toBe(true);

    npm.kill("SIGTERM");
    await exited(npm);
    // The server's own answer to the signal (server/http/drain.ts), then nothing on the port.
    await expect.poll(() => out, { timeout: 20_000 }).toContain('"msg":"shutting down"');
    await expect.poll(() => answers(url), { timeout: 20_000, interval: 250 }).toBe(false);
  });

  it("every server script execs its command (npm start, start:api, start:next, dev)", () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    for (const name of ["start", "start:api", "start:next", "dev"]) expect(scripts[name], name).toMatch(/^(\w+=\S+ )*exec /);
  });
});
