import { getDb } from "../db/client";
import { getSessionUser } from "../auth/session";
import type { TrpcContext } from "./init";

/** Per request: the database and the signed-in user (null when signed out). */
export async function createTrpcContext(): Promise<TrpcContext> {
  const db = await getDb();
  return { db, user: await getSessionUser(db) };
}
