import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli } from "../helpers/run-cli";
import { migrate, openPglite, type DatabaseHandle } from "@/server/db/client";
import { merchants } from "@/server/db/schema";
import { seedReferenceData } from "@/server/seed/reference-data";
import { adminSocketPath, startAdminSocket } from "@/server/cli/admin-socket";

/**
 * The admin CLI while a server holds the embedded database (issue 24): this test process
 * plays the development server (it holds the PGlite folder's lock and serves the admin
 * socket, as boot() does), and the CLI runs as its own process, the way an operator runs
 * it in a second terminal.
 */
let dir: string;
let dataDir: string;
let handle: DatabaseHandle;
let stopSocket: () => Promise<void>;
const env = () => ({ DATABASE_URL: undefined, PGLITE_DATA_DIR: dataDir });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sika-cli-shared-"));
  dataDir = path.join(dir, "pglite");
  handle = await openPglite(dataDir);
  await migrate(handle);
  await seedReferenceData(handle.db);
  stopSocket = await startAdminSocket(dataDir, handle.db);
});
afterAll(async () => {
  await stopSocket?.();
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run admin while the server holds the embedded database", () => {
  it("runs the command in the server's process: the merchant and its key exist there", async () => {
    expect((fs.statSync(adminSocketPath(dataDir)).mode & 0o777).toString(8)).toBe("600");
    const res = await runAdminCli(["create-merchant", "--name", "Boutique Partagée", "--email", "shared@example.com", "--password", "correct horse battery", "--json"], env());
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.merchant_id).toMatch(/^mer_/);
    const [row] = await handle.db.select().from(merchants).where(eq(merchants.id, out.merchant_id));
    expect(row?.name).toBe("Boutique Partagée");

    const key = await runAdminCli(["create-key", "--merchant", out.merchant_id, "--mode", "test"], env());
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/sk_test_[A-Za-z0-9]{20,}/);
  });

  it("passes the server's refusals back with the CLI's exit codes and words", async () => {
    // Found out only with the database (phase two): an unknown merchant is a usage error.
    const unknown = await runAdminCli(["create-key", "--merchant", "mer_01JZ3K8Q4N6M2X0V7T5R9B1C3D", "--mode", "test"], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Error: .*mer_01JZ3K8Q4N6M2X0V7T5R9B1C3D[\s\S]*Usage: npm run admin -- create-key/);
    const taken = await runAdminCli(["create-merchant", "--name", "Again", "--email", "shared@example.com", "--password", "correct horse battery", "--json"], env());
    expect(taken.code).toBe(1);
    expect(JSON.parse(taken.stderr).error).toMatch(/email|already/i);
  });

  it("says what to do when the server holding the folder does not answer", async () => {
    await stopSocket();
    const res = await runAdminCli(["create-key", "--merchant", "mer_x", "--mode", "test"], env());
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/held by a running server, and its admin socket .* did not answer/);
    stopSocket = await startAdminSocket(dataDir, handle.db);
  });
});
