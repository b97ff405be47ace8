import type http from "node:http";

const DRAIN_MS = 8_000;

/**
 * Graceful stop for a node:http server: stop accepting, close idle keep-alive connections,
 * let the requests in flight finish (at most DRAIN_MS, then the rest are cut).
 */
export function drainServer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        resolve();
      }, DRAIN_MS);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
}
