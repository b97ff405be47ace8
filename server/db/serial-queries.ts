/**
 * One statement at a time per node-postgres connection, queued by us.
 *
 * A connection runs one statement at a time. node-postgres 8 queues the rest itself, a
 * queue pg@9 removes ("Calling client.query() when the client is already executing a
 * query is deprecated"). Some transactions here do issue statements concurrently on their
 * one connection, on purpose: the lifecycle job's group (lifecycle-job.ts) lets its
 * live-rail rows call their operators at once, each writing when its answer comes. This
 * keeps that queue ours, with the same order and the same results: a promise-form query
 * made while the connection is busy waits for the ones before it, then goes. A query
 * made while the connection is idle goes at once, as before (no extra promise on the
 * common path).
 *
 * Callback and submittable forms (pg-pool's own `pool.query`, COPY, cursors) pass through
 * untouched: they are never issued concurrently on a checked-out connection here.
 */
interface QueryableClient {
  query: (...args: never[]) => unknown;
}

const QUEUED = Symbol("sika.serialQueries");

export function serialQueries<C extends QueryableClient>(client: C): C {
  const tagged = client as C & { [QUEUED]?: true };
  if (tagged[QUEUED]) return client;
  tagged[QUEUED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let busy = 0;
  let tail: Promise<unknown> = Promise.resolve();
  const settle = () => {
    busy--;
  };
  client.query = ((...args: unknown[]) => {
    const [config] = args;
    const passThrough =
      args.some((a) => typeof a === "function") || (config !== null && typeof config === "object" && typeof (config as { submit?: unknown }).submit === "function");
    if (passThrough) return query(...args);
    const run = () => query(...args) as Promise<unknown>;
    const result = busy === 0 ? run() : tail.then(run, run);
    busy++;
    // The next statement waits for this one to end, whatever its outcome.
    tail = result.then(settle, settle);
    return result;
  }) as C["query"];
  return client;
}
