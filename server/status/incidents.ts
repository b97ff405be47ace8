import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { statusIncidents, statusIncidentUpdates } from "../db/schema";
import { AppError, errors } from "../errors";
import { newId } from "../ids";
import { recordAudit, type AuditActor, type AuditOrigin } from "../audit/record";
import type { CreateIncidentInput, UpdateIncidentInput } from "./incident.contract";
import { forgetStatusOverview, incidentView, type IncidentView } from "./overview";

/**
 * Incidents written by an operator (console): created with a first update, then updated
 * until resolved. Each change and its audit row commit together; the mail to subscribers
 * goes out after the commit (subscribers.ts), so a failed send never undoes the incident.
 */
export interface IncidentChange {
  incident: IncidentView;
  update: { status: string; message: string };
  kind: "created" | "updated" | "resolved";
}

export async function createIncident(db: Database, actor: AuditActor, input: CreateIncidentInput, origin?: AuditOrigin): Promise<IncidentChange> {
  const now = new Date();
  const id = newId("statusIncident");
  const resolved = input.status === "resolved";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(statusIncidents)
      .values({ id, title: input.title, impact: input.impact, status: input.status, affected: input.affected, createdAt: now, updatedAt: now, resolvedAt: resolved ? now : null })
      .returning();
    const [update] = await tx.insert(statusIncidentUpdates).values({ id: newId("statusIncidentUpdate"), incidentId: id, status: input.status, message: input.message, createdAt: now }).returning();
    await recordAudit(tx, { merchantId: null, actor, action: "status_incident.created", target: { type: "status_incident", id }, after: { title: input.title, impact: input.impact, status: input.status, affected: input.affected, message: input.message }, origin });
    return { incident: incidentView(row, [update]), update: { status: update.status, message: update.message }, kind: resolved ? "resolved" : "created" } as IncidentChange;
  }).finally(forgetStatusOverview);
}

export async function updateIncident(db: Database, actor: AuditActor, input: UpdateIncidentInput, origin?: AuditOrigin): Promise<IncidentChange> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(statusIncidents).where(eq(statusIncidents.id, input.id)).for("update");
    if (!before) throw errors.notFound("Incident not found");
    if (before.resolvedAt) throw new AppError("conflict", "This incident is resolved: open a new one.");
    const resolved = input.status === "resolved";
    const [row] = await tx
      .update(statusIncidents)
      .set({ status: input.status, impact: input.impact ?? before.impact, affected: input.affected ?? before.affected, updatedAt: now, resolvedAt: resolved ? now : null })
      .where(eq(statusIncidents.id, input.id))
      .returning();
    await tx.insert(statusIncidentUpdates).values({ id: newId("statusIncidentUpdate"), incidentId: input.id, status: input.status, message: input.message, createdAt: now });
    const updates = await tx.select().from(statusIncidentUpdates).where(eq(statusIncidentUpdates.incidentId, input.id));
    await recordAudit(tx, {
      merchantId: null,
      actor,
      action: resolved ? "status_incident.resolved" : "status_incident.updated",
      target: { type: "status_incident", id: input.id },
      before: { status: before.status, impact: before.impact, affected: before.affected },
      after: { status: row.status, impact: row.impact, affected: row.affected, message: input.message },
      origin,
    });
    return { incident: incidentView(row, updates), update: { status: input.status, message: input.message }, kind: resolved ? "resolved" : "updated" } as IncidentChange;
  }).finally(forgetStatusOverview);
}
