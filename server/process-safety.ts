import { isConnectionError } from "./db/resilience";
import { logger } from "./logger";

/**
 * Process-wide handlers for what escapes every try/catch (issue 16), installed by both
 * entries through boot(): Next (instrumentation.ts) and the lean entry.
 *
 * - unhandledRejection: logged as an error with its stack; the process goes on (a
 *   rejected promise nobody awaited leaves no half-done state behind it).
 * - uncaughtException thrown from inside a database driver, or a connection-class socket
 *   error (ECONNRESET, 57P01...) emitted where nobody listened (seen: postgres.js writing to
 *   a socket it had already dropped while PostgreSQL restarted): logged, and the process
 *   goes on; the connection is discarded by its pool and requests keep their own error
 *   mapping. The fault test (tests/reliability/db-failover.test.ts) checks that no
 *   broken connection stays behind.
 * - any other uncaughtException: logged as fatal, then `onFatal` (a graceful shutdown
 *   with exit code 1), since the process's state is no longer known.
 */
const KEY = Symbol.for("sika.processSafety");
const g = globalThis as unknown as { [KEY]?: boolean };

const DRIVER_FRAMES = /node_modules[\\/](postgres|pg|pg-pool|pg-protocol)[\\/]/;

export function isDriverError(err: unknown): boolean {
  return err instanceof Error && typeof err.stack === "string" && DRIVER_FRAMES.test(err.stack.split("\n").slice(0, 4).join("\n"));
}

export function installProcessSafety(onFatal: (err: unknown) => void): void {
  if (g[KEY]) return;
  g[KEY] = true;
  process.on("unhandledRejection", (reason) => {
    logger().error({ err: reason }, "unhandled promise rejection");
  });
  process.on("uncaughtException", (err, origin) => {
    // A socket error nobody listened for (pg emits ECONNRESET on a client between queries
    // when PostgreSQL restarts): a lost connection, not a broken process.
    if (isDriverError(err) || isConnectionError(err)) {
      logger().error({ err, origin }, "uncaught exception inside the database driver; connection dropped, process continues");
      return;
    }
    logger().fatal({ err, origin }, "uncaught exception; shutting down");
    onFatal(err);
  });
}
