import { getDb } from "../db/client";
import { getSessionUser } from "../auth/session";
import { clientAddress } from "../auth/throttle";
import type { TrpcContext } from "./init";

/** Per request: the database, the signed-in user (null when signed out) and the client's address (abuse limits). */
export async function createTrpcContext(opts?: { req: Request }): Promise<TrpcContext> {
  const db = await getDb();
  return {
    db,
    user: await getSessionUser(db),
    clientAddress: clientAddress(opts?.req.headers),
    userAgent: opts?.req.headers.get("user-agent")?.slice(0, 400) ?? null,
  };
}
