import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";
import { AppError } from "../errors";
import { TOO_MANY_ATTEMPTS } from "../auth/throttle";
import { INCIDENT_IMPACTS, INCIDENT_STATUSES } from "./incident.contract";
import type { StatusOverview } from "./overview";

/** GET /api/v1/status and POST /api/v1/status/subscriptions (issue 25): public, no key. */
const availability = z.enum(["up", "degraded", "down"]);

const hourSchema = z
  .strictObject({
    hour: z.string().describe("Start of the hour, ISO 8601 UTC."),
    state: availability.describe("The worst state sampled in that hour."),
    up_ratio: z.number().describe("Share of the hour's samples that were up (0 to 1)."),
  })
  .nullable();

const directionSchema = z.strictObject({
  state: availability,
  live: z.boolean().describe("A live operator route is configured; false: served by the sandbox (test mode) only."),
  last_24h: z.array(hourSchema).describe("24 entries, oldest first; the last is the current hour. null: no sample that hour."),
});

const incidentSchema = z.strictObject({
  id: z.string().meta({ example: "inc_01JQ3Z5Y4J8K2M6N7P9R0S1T2V" }),
  title: z.string(),
  impact: z.enum(INCIDENT_IMPACTS),
  status: z.enum(INCIDENT_STATUSES),
  affected: z.array(z.string()).describe("`COUNTRY:network` pairs, e.g. `KE:safaricom`."),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  updates: z.array(z.strictObject({ status: z.enum(INCIDENT_STATUSES), message: z.string(), created_at: z.string() })).describe("Newest first."),
});

export const statusSchema = z
  .strictObject({
    status: availability.describe("The worst state of any network and direction."),
    generated_at: z.string(),
    countries: z.array(
      z.strictObject({
        country_code: z.string().meta({ example: "KE" }),
        name: z.string(),
        networks: z.array(z.strictObject({ network: z.string().meta({ example: "safaricom" }), name: z.string(), payin: directionSchema, payout: directionSchema })),
      }),
    ),
    incidents: z.array(incidentSchema).describe("Open incidents and those resolved in the last 7 days, newest first."),
  })
  .openapi("ServiceStatus");

export type StatusView = z.output<typeof statusSchema>;

/** The API's snake_case shape of the overview. */
export function statusView(o: StatusOverview): StatusView {
  const dir = (d: StatusOverview["countries"][number]["networks"][number]["payin"]) => ({
    state: d.state,
    live: d.live,
    last_24h: d.history.map((h) => (h ? { hour: h.hour, state: h.state, up_ratio: Math.round(h.upRatio * 1000) / 1000 } : null)),
  });
  return {
    status: o.state,
    generated_at: o.generatedAt,
    countries: o.countries.map((c) => ({ country_code: c.countryCode, name: c.name, networks: c.networks.map((n) => ({ network: n.network, name: n.name, payin: dir(n.payin), payout: dir(n.payout) })) })),
    incidents: o.incidents.map((i) => ({
      id: i.id,
      title: i.title,
      impact: i.impact,
      status: i.status as StatusView["incidents"][number]["status"],
      affected: i.affected,
      created_at: i.createdAt,
      updated_at: i.updatedAt,
      resolved_at: i.resolvedAt,
      updates: i.updates.map((u) => ({ status: u.status as StatusView["incidents"][number]["status"], message: u.message, created_at: u.createdAt })),
    })),
  };
}

export const getStatusContract = defineOperation({
  path: "/api/v1/status",
  method: "GET",
  request: { auth: "none" },
  operationId: "getServiceStatus",
  tag: "Meta",
  summary: "Service status",
  description:
    "Public, no key. Per country and network, whether payins and payouts are up, degraded or down now (the routes' health: circuit breakers, recent operator failures, open incidents), the last 24 hours hour by hour, and the incidents. The same data as the /status page.",
  success: { description: "The status", schema: statusSchema, example: undefined, message: "Status retrieved" },
});

export const subscribeBody = z.object({
  email: z.string().trim().email().max(254).describe("Where incident notices go, after the address confirms."),
  locale: z.enum(["en", "fr"]).default("en").describe("Language of the mails."),
});

export const subscribeContract = defineOperation({
  path: "/api/v1/status/subscriptions",
  method: "POST",
  request: { auth: "none", body: subscribeBody },
  operationId: "subscribeToStatus",
  tag: "Meta",
  summary: "Subscribe to incident mail",
  description:
    "Public, no key. Sends a confirmation mail; incident notices (new, updated, resolved) go out only once the link in it is opened. The answer is the same whether or not the address was known; one confirmation mail per address per 10 minutes.",
  requestExample: { email: "ops@example.com", locale: "en" },
  success: {
    description: "Confirmation mail sent (or already subscribed)",
    schema: z.strictObject({ subscription: z.literal("pending_confirmation") }),
    example: { subscription: "pending_confirmation" },
    message: "Check your mailbox to confirm",
  },
  errors: [{ key: "rate_limited", summary: "More than 10 subscription requests from this client address in an hour (see Retry-After)", error: new AppError("rate_limited", TOO_MANY_ATTEMPTS) }],
});
