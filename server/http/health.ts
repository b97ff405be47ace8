import { getDatabaseHandle } from "../db/client";
import { withTimeout } from "../db/postgres-drivers";
import { servedBoth } from "./api-route";
import { json } from "./envelope";

/** Liveness: the process answers. No database, no auth. */
export const healthz = servedBoth(async () => json({ status: "ok" }));

/** Within this readiness answers, whatever the database does (issue 16: 1 s at most). */
const READY_TIMEOUT_MS = 800;

/** Readiness: the database answers a query, within READY_TIMEOUT_MS; else 503 with Retry-After. */
export const readyz = servedBoth(async () => {
  try {
    const kind = await withTimeout(
      (async () => {
        const handle = await getDatabaseHandle();
        await handle.ping();
        return handle.kind;
      })(),
      READY_TIMEOUT_MS,
      "readiness",
    );
    return json({ status: "ok", database: kind });
  } catch {
    return json({ status: "error", database: "unreachable" }, 503, { "Retry-After": "1" });
  }
});
