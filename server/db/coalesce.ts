import { currentDeadline, withDeadline } from "./deadline";

/**
 * The one coalescing batcher (issue 26) behind the group commits and grouped reads
 * (payin-batch, status-reads, webhooks/outcome-log): work of this process that arrives
 * while up to `maxRunning` batches are running waits and goes together in the next one,
 * ONE statement for all of it, because what costs is per statement (a COMMIT's WAL flush,
 * the driver's per-query work), not per row.
 *
 * - A batch starts at the end of the event-loop turn that queued its first item
 *   (setImmediate): the requests whose bytes arrived in the same turn go with it, and a
 *   lone item waits no timer.
 * - Deadline-aware: each item carries its request's deadline (server/db/deadline.ts) and
 *   a batch runs under the EARLIEST of its own items' deadlines, not in the context of
 *   whichever request started the drain (under sustained load a drain loops for seconds;
 *   its later batches would find that first request's deadline long past).
 * - Each caller's promise settles with its own outcome, once its batch is done.
 * - Errors: by default a failed batch's error is every item's (the database is away).
 *   With `splitOnError` answering true, a batch of several is run again one item at a
 *   time, so one bad item cannot fail the others and its error stays its own.
 * - Optionally an item gives up waiting (`giveUp`) in time for its deadline, and a failed
 *   batch can be settled item by item (`recover`: a read-back after an unknown COMMIT).
 * Queues are per key (a database handle; a wallet id), dropped once empty.
 */
/** One item's settlement when a batch is resolved item by item (`recover`). */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface CoalescerOptions<K, I, O> {
  /** Names the queues on globalThis, so a module loaded twice (dev) shares them. */
  name: string;
  /** Items per batch at most. */
  maxBatch: number;
  /** Batches of one key running at once: one commits while the next gathers. */
  maxRunning: number;
  /** Runs one batch: one outcome per item, in the items' order. */
  run(key: K, items: I[]): Promise<O[]>;
  /** A batch of several failed with `err`: run each item alone? (default: no, the error is everyone's). */
  splitOnError?(err: unknown): boolean;
  /**
   * A failed batch settled item by item (payouts: a COMMIT whose outcome is unknown is
   * read back, each payout stored or not); null: the default above.
   */
  recover?(key: K, items: I[], err: unknown): Promise<Settled<O>[]> | null;
  /** "turn" (default): the batch starts at the end of this event-loop turn; "now": at once. */
  start?: "turn" | "now";
  /**
   * An item still queued this long before its request's deadline leaves the queue with
   * `giveUp.error()` (nothing of it was sent), so its request can still answer in time.
   */
  giveUp?: { beforeDeadlineMs: number; error(key: K, waitedMs: number): unknown };
}

export interface CoalescerStats {
  items: number;
  batches: number;
  largest: number;
}

interface Waiting<I, O> {
  item: I;
  deadline: number;
  queuedAt: number;
  timer?: NodeJS.Timeout;
  resolve(outcome: O): void;
  reject(err: unknown): void;
}

interface Queue<I, O> {
  waiting: Waiting<I, O>[];
  running: number;
  scheduled: boolean;
}

export interface Coalescer<K, I, O> {
  /** Queues `item` on `key`'s queue; settles with its own outcome once its batch is done. */
  push(key: K, item: I): Promise<O>;
  /** Counters for benchmarks and tests (this process). */
  stats(): Readonly<CoalescerStats>;
}

export function coalescer<K, I, O>(opts: CoalescerOptions<K, I, O>): Coalescer<K, I, O> {
  const slot = Symbol.for(`sika.coalesce.${opts.name}`);
  const g = globalThis as unknown as Record<symbol, Map<K, Queue<I, O>> | undefined>;
  // Emptied queues are dropped (drain's end), so keys (handles, wallet ids) do not pile up.
  const queues = (g[slot] ??= new Map<K, Queue<I, O>>());
  const stats: CoalescerStats = { items: 0, batches: 0, largest: 0 };
  // Every batcher's counters by name, on globalThis: bench/lib/profile-hook.mjs reads the
  // batch sizes of a measured window there (the server's own modules are not its to import).
  const registry = ((globalThis as unknown as Record<symbol, Map<string, CoalescerStats>>)[Symbol.for("sika.coalesce.stats")] ??= new Map());
  registry.set(opts.name, stats);

  const underDeadlineOf = <T>(batch: Waiting<I, O>[], fn: () => Promise<T>): Promise<T> => withDeadline(Math.min(...batch.map((w) => w.deadline)), fn);

  async function runWithFallback(key: K, batch: Waiting<I, O>[]): Promise<void> {
    stats.batches++;
    stats.items += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    let outcomes: O[];
    try {
      outcomes = await opts.run(key, batch.map((w) => w.item));
    } catch (err) {
      const recovering = opts.recover?.(key, batch.map((w) => w.item), err);
      if (recovering) {
        let settled: Settled<O>[];
        try {
          settled = await recovering;
        } catch (again) {
          for (const w of batch) w.reject(again);
          return;
        }
        batch.forEach((w, i) => {
          const s = settled[i];
          if (s.ok) w.resolve(s.value);
          else w.reject(s.error);
        });
        return;
      }
      if (batch.length === 1 || !opts.splitOnError?.(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      for (const w of batch) await underDeadlineOf([w], () => runWithFallback(key, [w]));
      return;
    }
    batch.forEach((w, i) => w.resolve(outcomes[i]));
  }

  async function drain(key: K, q: Queue<I, O>): Promise<void> {
    q.running++;
    try {
      while (q.waiting.length) {
        const batch = q.waiting.splice(0, opts.maxBatch);
        for (const w of batch) clearTimeout(w.timer);
        await underDeadlineOf(batch, () => runWithFallback(key, batch));
      }
    } finally {
      q.running--;
      if (q.running === 0 && !q.scheduled && !q.waiting.length && queues.get(key) === q) queues.delete(key);
    }
  }

  function schedule(key: K, q: Queue<I, O>): void {
    if (q.running >= opts.maxRunning || q.scheduled) return;
    if (opts.start === "now") {
      void drain(key, q);
      return;
    }
    q.scheduled = true;
    setImmediate(() => {
      q.scheduled = false;
      if (q.running < opts.maxRunning && q.waiting.length) void drain(key, q);
      else if (!q.running && !q.waiting.length && queues.get(key) === q) queues.delete(key);
    });
  }

  function armGiveUp(key: K, q: Queue<I, O>, w: Waiting<I, O>): void {
    const giveUp = opts.giveUp;
    if (!giveUp || !Number.isFinite(w.deadline)) return;
    w.timer = setTimeout(() => {
      const i = q.waiting.indexOf(w);
      if (i < 0) return;
      q.waiting.splice(i, 1);
      w.reject(giveUp.error(key, Date.now() - w.queuedAt));
    }, Math.max(0, w.deadline - giveUp.beforeDeadlineMs - Date.now()));
    w.timer.unref();
  }

  return {
    push(key: K, item: I): Promise<O> {
      let q = queues.get(key);
      if (!q) queues.set(key, (q = { waiting: [], running: 0, scheduled: false }));
      const queue = q;
      const promise = new Promise<O>((resolve, reject) => {
        const w: Waiting<I, O> = { item, deadline: currentDeadline() ?? Infinity, queuedAt: Date.now(), resolve, reject };
        armGiveUp(key, queue, w);
        queue.waiting.push(w);
      });
      schedule(key, queue);
      return promise;
    },
    stats: () => ({ ...stats }),
  };
}
