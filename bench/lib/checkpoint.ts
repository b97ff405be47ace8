import { execFile } from "node:child_process";
import { ADMIN_URL } from "./proc";

/**
 * PostgreSQL's checkpoints, around each measured window (ours and pgbench's alike).
 *
 * Under this benchmark's write volume (the request log's COPY alone is ~30 MB of WAL a
 * second during the status read) a checkpoint starts every 20-60 s, and its closing
 * fsync of the data files can hold every COMMIT back for ~200 ms (seen 2026-11-29: a
 * 176 ms stall of all 64 payins in flight at the moment the checkpoint's `sync=0.304 s`
 * ended, which alone made a 10 s window's p99 78 ms against 16 ms in the next run). Which
 * window that lands in is chance, and it is the disk's and the server's configuration,
 * not the code under test. So every measured window starts from a fresh checkpoint
 * (the WAL left by the scenario before is flushed first, outside the window), and the
 * checkpoints that still start inside one are counted in its row.
 *
 * psql against the bench's server (BENCH_DATABASE_URL's, as superuser: CHECKPOINT needs
 * it or pg_checkpoint). If psql is missing or refused, the window runs as before and
 * the row says so (`checkpoints: null`).
 */

function psql(sql: string): Promise<string | null> {
  return new Promise((resolve) =>
    execFile("psql", [ADMIN_URL, "-X", "-qAtc", sql], { timeout: 60_000 }, (err, stdout) => resolve(err ? null : stdout.trim())),
  );
}

/** Checkpoints started so far on the server (timed + requested), or null if unreadable. */
async function checkpointCount(): Promise<number | null> {
  const out = await psql("select checkpoints_timed + checkpoints_req from pg_stat_bgwriter");
  return out === null || !/^\d+$/.test(out) ? null : Number(out);
}

export interface CheckpointWindow {
  /** Ends the window: checkpoints that started inside it (null: not readable). */
  end(): Promise<number | null>;
}

/** Forces a checkpoint, then opens a window that counts the checkpoints started in it. */
export async function freshCheckpoint(): Promise<CheckpointWindow> {
  await psql("checkpoint");
  const before = await checkpointCount();
  return {
    async end() {
      const after = await checkpointCount();
      return before === null || after === null ? null : after - before;
    },
  };
}
