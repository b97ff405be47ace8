import type { Database, DbOrTx } from "../db/client";
import { recordAudit, type AuditActor, type AuditEntry, type AuditOrigin } from "./record";

/**
 * The adapters' side of the audit log (issue 22): who is acting, from where, and a
 * change and its record in one database transaction. The services stay free of HTTP:
 * the tRPC procedures, the REST routes and the admin CLI build the actor and origin here.
 */
export const userActor = (user: { id: string; email: string }): AuditActor => ({ type: "user", id: user.id, label: user.email });
export const operatorActor = (user: { id: string; email: string }): AuditActor => ({ type: "operator", id: user.id, label: user.email });
export const apiKeyActor = (auth: { keyId: string; keyLabel: string }): AuditActor => ({ type: "api_key", id: auth.keyId, label: auth.keyLabel });
export const cliActor = (): AuditActor => ({ type: "cli", label: "admin CLI" });

/** Who and from where, for every record of one request. */
export interface AuditScope {
  actor: AuditActor;
  origin?: AuditOrigin;
}

export type AuditDraft = Omit<AuditEntry, "actor" | "origin">;

/**
 * Runs `change` in a database transaction and appends its audit row in the same
 * transaction: both commit, or neither. `describe` turns the change's result into the
 * entry (null: nothing changed, nothing to record).
 */
export async function audited<T>(db: Database, scope: AuditScope, change: (tx: Database) => Promise<T>, describe: (result: T) => AuditDraft | null): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const result = await change(txDb);
    const entry = describe(result);
    if (entry) await recordAudit(txDb, { ...entry, actor: scope.actor, origin: scope.origin });
    return result;
  });
}

/** For changes that commit on their own (payouts through the per-wallet batch): the record right after. */
export async function recordAfter(db: DbOrTx, scope: AuditScope, entry: AuditDraft): Promise<void> {
  await recordAudit(db, { ...entry, actor: scope.actor, origin: scope.origin });
}
