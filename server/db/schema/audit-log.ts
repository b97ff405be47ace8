import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, modeEnum } from "./columns";

/**
 * Who changed what, append-only (issue 22). No update or delete path exists in the code,
 * and a trigger (drizzle/*_audit_log_append_only.sql) refuses UPDATE and DELETE in the
 * database itself. `merchantId` is null for operator-wide changes (fee schedule).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id"),
    mode: modeEnum("mode"),
    /** user | api_key | operator | cli | system */
    actorType: text("actor_type").notNull(),
    /** usr_… or key_…; null for the CLI and the system. */
    actorId: text("actor_id"),
    /** What a reader recognises: an email, a key's display prefix, "admin CLI". */
    actorLabel: text("actor_label").notNull(),
    /** dotted verb, e.g. `api_key.created`, `webhook.url_changed`, `kyc.approved`. */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_merchant_created").on(t.merchantId, t.createdAt),
    index("audit_log_action_created").on(t.action, t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
