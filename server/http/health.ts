import { getDatabaseHandle } from "../db/client";
import { json } from "./envelope";

/** Liveness: the process answers. No database, no auth. */
export async function healthz(): Promise<Response> {
  return json({ status: "ok" });
}

/** Readiness: the database answers a query. */
export async function readyz(): Promise<Response> {
  try {
    const handle = await getDatabaseHandle();
    await handle.ping();
    return json({ status: "ok", database: handle.kind });
  } catch {
    return json({ status: "error", database: "unreachable" }, 503);
  }
}
