import { z } from "../../zod";
import { operatorProcedure } from "../init";
import { createIncident, updateIncident } from "../../status/incidents";
import { createIncidentInput, incidentPairs, updateIncidentInput } from "../../status/incident.contract";
import { recentIncidents } from "../../status/overview";
import { notifySubscribers } from "../../status/subscribers";
import { logger } from "../../logger";
import type { IncidentChange } from "../../status/incidents";
import type { Database } from "../../db/client";

const incident = z.object({
  id: z.string(),
  title: z.string(),
  impact: z.enum(["degraded", "down"]),
  status: z.string(),
  affected: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  updates: z.array(z.object({ status: z.string(), message: z.string(), createdAt: z.string() })),
});

/** The mail goes out after the commit; the operator's answer does not wait for every subscriber. */
function notifyLater(db: Database, change: IncidentChange): void {
  void notifySubscribers(db, change).catch((err) => logger().error({ err, incident: change.incident.id }, "incident mail failed"));
}

/** Status page incidents, written from the operator console (issue 25). */
export const statusIncidentProcedures = {
  statusIncidents: operatorProcedure
    .output(z.object({ incidents: z.array(incident), pairs: z.array(z.string()) }))
    .query(async ({ ctx }) => ({ incidents: await recentIncidents(ctx.db, new Date(), 50), pairs: [...incidentPairs] })),

  createStatusIncident: operatorProcedure
    .input(createIncidentInput)
    .output(incident)
    .mutation(async ({ ctx, input }) => {
      const change = await createIncident(ctx.db, { type: "operator", id: ctx.user.id, label: ctx.user.email }, input, { ip: ctx.clientAddress });
      notifyLater(ctx.db, change);
      return change.incident;
    }),

  updateStatusIncident: operatorProcedure
    .input(updateIncidentInput)
    .output(incident)
    .mutation(async ({ ctx, input }) => {
      const change = await updateIncident(ctx.db, { type: "operator", id: ctx.user.id, label: ctx.user.email }, input, { ip: ctx.clientAddress });
      notifyLater(ctx.db, change);
      return change.incident;
    }),
};
