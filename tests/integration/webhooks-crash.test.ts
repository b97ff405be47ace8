import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db";
import { eventsById, sleep, startReceiver, waitFor, type Receiver } from "../helpers/webhooks";
import { openPglite, type DatabaseHandle } from "@/server/db/client";
import { deliverWebhookBatch } from "@/server/webhooks/delivery-job";

/**
 * The real thing: a worker process is killed (SIGKILL) in the middle of a batch, with
 * attempts in flight, and afterwards every event is still delivered at least once.
 * On PostgreSQL the child uses the test database; on PGlite it uses a folder that this
 * process opens after the kill (after PGlite's own crash recovery).
 */
const EVENTS = 12;
const LEASE_MS = 1500;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("a worker process killed mid-batch", () => {
  it("leaves nothing undelivered: its leased events come back and are delivered", { timeout: 60_000 }, async () => {
    // First 3 requests answered, then the receiver stalls: the kill lands with attempts in flight.
    let stall = true;
    const r: Receiver = await startReceiver((_req, n) => (n <= 3 || !stall ? { status: 200 } : { status: 200, delayMs: 60_000 }));
    cleanups.push(() => r.close());

    let pg: TestDatabase | undefined;
    let target: string;
    if (process.env.TEST_DATABASE_URL) {
      pg = await createTestDatabase();
      cleanups.push(() => pg!.destroy());
      target = pg.url!;
    } else {
      target = fs.mkdtempSync(path.join(os.tmpdir(), "sika-crash-"));
      cleanups.push(async () => fs.rmSync(target, { recursive: true, force: true }));
    }

    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "../helpers/webhook-worker-child.ts"), target, r.url, String(EVENTS), String(LEASE_MS)], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    const firstLine = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", () => reject(new Error("worker child exited before it was ready")));
    });
    const { eventIds } = JSON.parse(firstLine) as { eventIds: string[] };
    expect(eventIds).toHaveLength(EVENTS);

    // Mid-batch: some answered, a few more in flight (stalled), the rest still queued.
    expect(await waitFor(() => r.received.length >= 5, 20_000)).toBe(true);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const beforeRecovery = new Set(r.received.map((x) => String(x.headers["webhook-id"])));
    expect(beforeRecovery.size).toBeLessThan(EVENTS);

    stall = false;
    const handle: DatabaseHandle = pg ?? (await openPglite(target));
    if (!pg) cleanups.push(() => handle.close());
    const db = handle.db;
    // Keep delivering until all are done; the leased ones wait out the dead worker's lease.
    const started = Date.now();
    expect(
      await waitFor(async () => {
        await deliverWebhookBatch(db);
        const events = await eventsById(db, eventIds);
        return [...events.values()].every((e) => e.state === "delivered");
      }, 15_000, 50),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(LEASE_MS + 5000);

    const seen = r.idsSeen();
    expect(eventIds.every((id) => (seen.get(id) ?? 0) >= 1)).toBe(true);
    await sleep(10);
  });
});
