import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema";
import { newId } from "../ids";
import type { Mode } from "../db/schema/columns";
import type { AuditAction } from "../vocabulary";

/** Who did it. `label` is what a reader recognises (an email, a key's display prefix). */
export type AuditActor =
  | { type: "user"; id: string; label: string }
  | { type: "operator"; id: string; label: string }
  | { type: "api_key"; id: string; label: string }
  | { type: "cli"; label?: string }
  | { type: "system"; label?: string };

/** Where the change came from (the request's client address and user agent). */
export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry {
  merchantId: string | null;
  mode?: Mode | null;
  actor: AuditActor;
  /** Dotted verb from the one list (server/vocabulary.ts): `api_key.created`, `kyc.approved`, `wallet.credited`. */
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** Settings changes carry both sides; secrets never go in here. */
  before?: unknown;
  after?: unknown;
  origin?: AuditOrigin;
}

/**
 * Appends one audit row. Call it inside the same database transaction as the change it
 * records, so a change and its record commit together (or neither does).
 * Append-only: there is no update or delete function, and a trigger refuses both.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<string> {
  const id = newId("auditEntry");
  const actor = entry.actor;
  await db.insert(auditLog).values({
    id,
    merchantId: entry.merchantId,
    mode: entry.mode ?? null,
    actorType: actor.type,
    actorId: "id" in actor ? actor.id : null,
    actorLabel: actor.label ?? (actor.type === "cli" ? "admin CLI" : "system"),
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: entry.origin?.ip?.slice(0, 64) ?? null,
    userAgent: entry.origin?.userAgent?.slice(0, 400) ?? null,
  });
  return id;
}
