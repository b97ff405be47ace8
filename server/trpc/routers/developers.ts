import { z } from "../../zod";
import { listRequestLogs, getRequestLog, STATUS_CLASSES } from "../../request-logs/list-request-logs";
import { requestLogSchema, requestLogSummarySchema, requestLogSummaryView, requestLogView } from "../../request-logs/api-views";
import { storableDate } from "../../calendar";
import { errors } from "../../errors";
import {
  createEndpointView,
  deleteEndpointView,
  endpointAttemptsPage,
  endpointDetail,
  endpointsPage,
  eventDetail,
  eventsPage,
  redeliverView,
  revealEndpointSecretView,
  rotateEndpointView,
  updateEndpointView,
} from "../../webhooks/developer-api";
import { auditScope } from "../audit";
import { endpointAttemptSchema, webhookEndpointSchema } from "../../webhooks/endpoints-views";
import { eventDeliverySchema, eventSchema, eventSummarySchema } from "../../webhooks/events-views";
import { normalizePattern, WEBHOOK_EVENT_PATTERNS } from "../../webhooks/event-types";
import { wakeWorker } from "../../worker/loop";
import { modeProcedure, router } from "../init";

/**
 * Developers → Logs, Events, Endpoints (issue 23). The pages show what the API shows:
 * these procedures answer the API's own views (server/request-logs/api-views.ts,
 * server/webhooks/*-views.ts), so an integrator reads the same fields in both places.
 * Viewers read; developers change endpoints and redeliver. Audit (issue 22): endpoint
 * create/update/delete/rotate/reveal are recorded with the user (server/webhooks/developer-api.ts).
 */
const id = z.string().min(1).max(100);
const cursor = z.string().max(100).nullish();
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
const endpointFields = z.object({
  url: z.string().max(2048).optional(),
  description: z.string().max(200).nullable().optional(),
  eventTypes: z.array(z.string().max(80)).max(50).optional(),
  enabled: z.boolean().optional(),
  isDefault: z.boolean().optional(),
});
const toBody = (f: z.output<typeof endpointFields>) => ({ url: f.url, description: f.description, event_types: f.eventTypes, enabled: f.enabled, is_default: f.isDefault });

export const developersRouter = router({
  eventPatterns: modeProcedure("viewer")
    .output(z.array(z.string()))
    .query(() => [...WEBHOOK_EVENT_PATTERNS]),

  requestLogs: modeProcedure("viewer")
    .input(
      z.object({
        cursor,
        statusClass: z.enum(STATUS_CLASSES).optional(),
        path: z.string().max(200).optional(),
        apiKeyId: z.string().max(100).optional(),
        transactionId: z.string().max(100).optional(),
        createdFrom: storableDate.optional(),
        createdBefore: storableDate.optional(),
      }),
    )
    .output(page(requestLogSummarySchema))
    .query(async ({ ctx, input }) => {
      const { cursor: c, mode, merchantId: _m, ...filters } = input;
      const result = await listRequestLogs(ctx.db, { merchantId: ctx.merchantId, mode, filters: { ...filters, path: filters.path || undefined, transactionId: filters.transactionId || undefined }, cursor: c, limit: 25 });
      return { items: result.items.map(requestLogSummaryView), nextCursor: result.nextCursor };
    }),

  requestLog: modeProcedure("viewer")
    .input(z.object({ id }))
    .output(requestLogSchema)
    .query(async ({ ctx, input }) => {
      const entry = await getRequestLog(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, id: input.id });
      if (!entry) throw errors.notFound("Request log not found");
      return requestLogView(entry);
    }),

  events: modeProcedure("viewer")
    .input(z.object({ cursor, type: z.string().max(80).optional(), transactionId: z.string().max(100).optional() }))
    .output(page(eventSummarySchema))
    .query(async ({ ctx, input }) => {
      const type = input.type ? (normalizePattern(input.type) ?? undefined) : undefined;
      const body = await eventsPage(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, { type, transactionId: input.transactionId || undefined }, { cursor: input.cursor ?? undefined, limit: "20" });
      return { items: body.data, nextCursor: body.next_cursor };
    }),

  event: modeProcedure("viewer")
    .input(z.object({ id }))
    .output(eventSchema)
    .query(({ ctx, input }) => eventDetail(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id)),

  redeliver: modeProcedure("developer")
    .input(z.object({ id, endpointId: id.optional() }))
    .output(z.object({ event_id: z.string(), deliveries: z.array(eventDeliverySchema) }))
    .mutation(({ ctx, input }) => redeliverView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id, input.endpointId, wakeWorker)),

  endpoints: modeProcedure("viewer")
    .output(z.array(webhookEndpointSchema))
    .query(async ({ ctx, input }) => (await endpointsPage(ctx.db, { merchantId: ctx.merchantId, mode: input.mode })).data),

  endpoint: modeProcedure("viewer")
    .input(z.object({ id, cursor }))
    .output(z.object({ endpoint: webhookEndpointSchema, attempts: page(endpointAttemptSchema) }))
    .query(async ({ ctx, input }) => {
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      const endpoint = await endpointDetail(ctx.db, scope, input.id);
      const attempts = await endpointAttemptsPage(ctx.db, scope, input.id, { cursor: input.cursor ?? undefined, limit: "20" });
      return { endpoint, attempts: { items: attempts.data, nextCursor: attempts.next_cursor } };
    }),

  createEndpoint: modeProcedure("developer")
    .input(endpointFields.extend({ url: z.string().max(2048) }))
    .output(z.object({ id: z.string(), secret: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const made = await createEndpointView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, { ...toBody(input), url: input.url }, auditScope(ctx));
      return { id: made.id, secret: made.secret };
    }),

  updateEndpoint: modeProcedure("developer")
    .input(endpointFields.extend({ id }))
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) => updateEndpointView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id, toBody(input), auditScope(ctx))),

  deleteEndpoint: modeProcedure("developer")
    .input(z.object({ id }))
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteEndpointView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id, auditScope(ctx));
      return { id: input.id };
    }),

  rotateEndpointSecret: modeProcedure("developer")
    .input(z.object({ id }))
    .output(z.object({ secret: z.string() }))
    .mutation(async ({ ctx, input }) => ({ secret: (await rotateEndpointView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id, auditScope(ctx))).secret })),

  /** A mutation, not a query: revealing a secret is an action, never cached or prefetched. */
  revealEndpointSecret: modeProcedure("developer")
    .input(z.object({ id }))
    .output(z.object({ secret: z.string().nullable() }))
    .mutation(async ({ ctx, input }) => ({ secret: await revealEndpointSecretView(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, input.id, auditScope(ctx)) })),
});
