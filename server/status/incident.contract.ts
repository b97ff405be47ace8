import { z } from "../zod";
import { coverage } from "../catalog/coverage";

/** What an operator writes on the console (tRPC input and the service's validation). */
export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
export const INCIDENT_IMPACTS = ["degraded", "down"] as const;

/** Every `CC:network` pair of the catalogue: what an incident may name as affected. */
export const incidentPairs: readonly string[] = coverage.flatMap((c) => c.networks.map((n) => `${c.code}:${n.id}`));
const pairSet = new Set(incidentPairs);

const affected = z
  .array(z.string().refine((p) => pairSet.has(p), { message: "Unknown country and network" }))
  .min(1, "Name at least one affected network")
  .max(incidentPairs.length)
  .transform((list) => [...new Set(list)]);

export const createIncidentInput = z.object({
  title: z.string().trim().min(3, "Give the incident a title").max(160),
  impact: z.enum(INCIDENT_IMPACTS),
  status: z.enum(INCIDENT_STATUSES).default("investigating"),
  affected,
  message: z.string().trim().min(1, "Say what is happening").max(2000),
});

export const updateIncidentInput = z.object({
  id: z.string().min(1),
  status: z.enum(INCIDENT_STATUSES),
  message: z.string().trim().min(1, "Say what changed").max(2000),
  impact: z.enum(INCIDENT_IMPACTS).optional(),
  affected: affected.optional(),
});

export type CreateIncidentInput = z.output<typeof createIncidentInput>;
export type UpdateIncidentInput = z.output<typeof updateIncidentInput>;
