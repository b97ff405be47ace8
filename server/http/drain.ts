import type http from "node:http";
import { flushRequestLogs } from "../request-logs/write-batch";
import { stopCopyThreads } from "../request-logs/copy-thread-writer";

const DRAIN_MS = 8_000;

/**
 * Graceful stop for a node:http server: stop accepting, close idle keep-alive connections,
 * let the requests in flight finish (at most DRAIN_MS, then the rest are cut), then write
 * the request log entries still queued (issue 23) and end its writer thread before the
 * database closes.
 */
export function drainServer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const done = () => void flushRequestLogs().then(stopCopyThreads).finally(resolve);
      const timer = setTimeout(() => {
        server.closeAllConnections();
        done();
      }, DRAIN_MS);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        done();
      });
      server.closeIdleConnections();
    });
}
