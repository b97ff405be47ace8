import { z } from "../../zod";
import { listWebhookEvents } from "../../webhooks/delivery-log";
import { sendTestEvent } from "../../webhooks/resend";
import { wakeWorker } from "../../worker/loop";
import { getWebhookSettings, revealWebhookSecret, rotateWebhookSecret, setWebhookUrl } from "../../webhooks/settings";
import { modeProcedure, modeScope, router } from "../init";
import { eventStateSchema, webhookEvent, webhookEventView } from "../dashboard-views";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

const settings = z.object({ url: z.string().nullable(), hasSecret: z.boolean(), previousSecretExpiresAt: z.date().nullable() });

/** Default webhook URL, signing secret and delivery log of one mode. Viewers read; developers change. */
export const webhooksRouter = router({
  settings: modeProcedure("viewer")
    .input(modeScope)
    .output(settings)
    .query(({ ctx, input }) => getWebhookSettings(ctx.db, { merchantId: ctx.merchantId, mode: input.mode })),

  setUrl: modeProcedure("developer")
    .input(z.object({ url: z.string().max(2048).nullable() }))
    .output(settings)
    .mutation(async ({ ctx, input }) => {
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      // The views' URLs: credentials in a URL are shown (and recorded) as ***.
      const before = await getWebhookSettings(ctx.db, scope);
      return audited(
        ctx.db,
        auditScope(ctx),
        (tx) => setWebhookUrl(tx, { ...scope, url: input.url }),
        (after) => (after.url === before.url ? null : { ...scope, action: "webhook.url_changed", target: { type: "webhook_settings", id: `${ctx.merchantId}:${input.mode}` }, before: { url: before.url }, after: { url: after.url } }),
      );
    }),

  /** A mutation, not a query: revealing a secret is an action, never cached or prefetched. */
  revealSecret: modeProcedure("developer")
    .input(modeScope)
    .output(z.object({ secret: z.string().nullable() }))
    .mutation(async ({ ctx, input }) => ({
      // Revealing is not a change, but who saw the signing secret is worth knowing.
      secret: await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => revealWebhookSecret(tx, { merchantId: ctx.merchantId, mode: input.mode }),
        (secret) => (secret ? { merchantId: ctx.merchantId, mode: input.mode, action: "webhook.secret_revealed", target: { type: "webhook_settings", id: `${ctx.merchantId}:${input.mode}` } } : null),
      ),
    })),

  rotateSecret: modeProcedure("developer")
    .input(modeScope)
    .output(z.object({ secret: z.string() }))
    .mutation(async ({ ctx, input }) => ({
      secret: await audited(
        ctx.db,
        auditScope(ctx),
        (tx) => rotateWebhookSecret(tx, { merchantId: ctx.merchantId, mode: input.mode }),
        () => ({ merchantId: ctx.merchantId, mode: input.mode, action: "webhook.secret_rotated", target: { type: "webhook_settings", id: `${ctx.merchantId}:${input.mode}` } }),
      ),
    })),

  sendTest: modeProcedure("developer")
    .input(modeScope)
    .output(
      z.object({
        eventId: z.string(),
        webhookUrl: z.string(),
        delivery: z.object({ state: eventStateSchema, statusCode: z.number().nullable(), error: z.string().nullable() }).nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const r = await sendTestEvent(ctx.db, { merchantId: ctx.merchantId, mode: input.mode }, wakeWorker);
      return {
        eventId: r.eventId,
        webhookUrl: r.webhookUrl,
        delivery: r.delivery ? { state: r.delivery.state, statusCode: r.delivery.statusCode, error: r.delivery.error } : null,
      };
    }),

  events: modeProcedure("viewer")
    .input(z.object({ cursor: z.string().max(64).nullish(), state: eventStateSchema.optional() }))
    .output(z.object({ items: z.array(webhookEvent), nextCursor: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await listWebhookEvents(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, cursor: input.cursor, state: input.state, limit: 15 });
      return { items: page.items.map(webhookEventView), nextCursor: page.nextCursor };
    }),
});
