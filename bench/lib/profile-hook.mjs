/**
 * Preloaded into a server by bench/profile.ts (`node --import ./bench/lib/profile-hook.mjs`),
 * never by production: SIGUSR2 opens a measurement window, the next SIGUSR2 closes it.
 * A window records the process's CPU time (process.cpuUsage: every thread, user + system),
 * the main thread's alone (process.threadCpuUsage, Node 23.9+: the thread that serves the
 * requests, whose saturation caps one process's rate) and, when PROFILE_HOOK_PROFILE=1, a
 * V8 CPU profile of the main thread, so warm-up and start-up stay out of all three. It also
 * notes the main thread's wait for a core (schedstat) and the batchers' mean batch.
 * Window n is written to PROFILE_HOOK_DIR/window-n.json (+ .cpuprofile).
 */
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.PROFILE_HOOK_DIR;
const profile = process.env.PROFILE_HOOK_PROFILE === "1";
const intervalUs = Number(process.env.PROFILE_HOOK_INTERVAL_US ?? 250);

/** This thread's CPU time, or null on a Node without process.threadCpuUsage. */
function mainThreadCpu() {
  return typeof process.threadCpuUsage === "function" ? process.threadCpuUsage() : null;
}

/**
 * The main thread's time on a core and waiting for one (Linux schedstat, ns): a thread
 * that is ready but not running shows in neither CPU figure, and on a 2-core machine
 * shared with PostgreSQL and the load generator that wait is what caps the rate.
 */
function mainThreadSched() {
  try {
    const [run, wait] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").trim().split(/\s+/).map(Number);
    return { run, wait };
  } catch {
    return null;
  }
}

/** The coalescing batchers' counters (server/db/coalesce.ts registers them on globalThis). */
function batchCounters() {
  const registry = globalThis[Symbol.for("sika.coalesce.stats")];
  return registry ? Object.fromEntries([...registry].map(([name, s]) => [name, { items: s.items, batches: s.batches }])) : {};
}

/** Items, statements and the mean batch of each batcher over a window. */
function batchesSince(before) {
  const out = {};
  for (const [name, now] of Object.entries(batchCounters())) {
    const items = now.items - (before[name]?.items ?? 0);
    const batches = now.batches - (before[name]?.batches ?? 0);
    if (batches) out[name] = { items, batches, mean: Math.round((10 * items) / batches) / 10 };
  }
  return out;
}

if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  let n = 0;
  let open = null;
  process.on("SIGUSR2", async () => {
    if (!open) {
      open = { cpu: process.cpuUsage(), main: mainThreadCpu(), wall: performance.now(), batches: batchCounters(), sched: mainThreadSched() };
      if (profile) {
        await post("Profiler.enable");
        await post("Profiler.setSamplingInterval", { interval: intervalUs });
        await post("Profiler.start");
      }
      return;
    }
    const cpu = process.cpuUsage(open.cpu);
    const main = mainThreadCpu();
    const mainUs = main === null || open.main === null ? null : main.user + main.system - open.main.user - open.main.system;
    const wallMs = performance.now() - open.wall;
    const batches = batchesSince(open.batches);
    const sched = mainThreadSched();
    const runqueueWaitMs = sched && open.sched ? Math.round((sched.wait - open.sched.wait) / 1e6) : null;
    open = null;
    const name = `window-${++n}`;
    if (profile) {
      const { profile: p } = await post("Profiler.stop");
      fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(p));
    }
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ pid: process.pid, userUs: cpu.user, systemUs: cpu.system, mainUs, wallMs, runqueueWaitMs, batches }));
  });
}
