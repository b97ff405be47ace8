import { z } from "../contracts/zod";
import { defineOperation } from "../contracts/operation";
import { cursorListSchema, cursorQueryFields } from "../contracts/cursor-list";
import { AppError, errors } from "../errors";
import { endpointAttemptSchema, webhookEndpointSchema } from "./endpoints-views";
import { MAX_ENDPOINTS_PER_MODE } from "./endpoints";

const eventTypes = z
  .array(z.string().min(1).max(80))
  .min(1)
  .max(50)
  .describe("`*` (default), families (`transaction`, `transaction.payin`, `transaction.payout`, `refund`, `settlement`) or exact types (`transaction.payin.successful`, `refund.failed`, `test`). `x.*` is read as the family `x`.");

export const createEndpointBody = z.strictObject({
  url: z.string().min(1).max(2048),
  description: z.string().max(200).nullable().optional(),
  event_types: eventTypes.optional(),
  enabled: z.boolean().optional(),
  is_default: z.boolean().optional().describe("Make it the default endpoint (the one a transaction without callback_url is notified at)."),
});

export const updateEndpointBody = createEndpointBody.partial();
export const endpointIdParams = z.object({ id: z.string().min(1).max(100) });

const example = {
  id: "we_01JD3W5Q6S1T2V3W4X5Y6Z7A8C",
  url: "https://example.com/hooks/sika",
  description: "Order service",
  event_types: ["transaction.payin", "refund"],
  enabled: true,
  is_default: false,
  secret_shared_with_mode: false,
  previous_secret_expires_at: null,
  stats: { attempts: 42, succeeded: 41, success_rate: 0.9762, last_attempt_at: "2026-03-02T10:15:03.200Z" },
  created_at: "2026-03-01T08:00:00.000Z",
  updated_at: "2026-03-01T08:00:00.000Z",
};
const notFound = { key: "endpoint_not_found", summary: "No such endpoint for this merchant and mode", error: errors.notFound("Webhook endpoint not found") };
const secretSchema = z.string().describe("The `whsec_…` signing secret, shown here once; the dashboard can reveal it again.");

export const listEndpointsContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints",
  method: "GET",
  request: { auth: "merchant" },
  operationId: "listWebhookEndpoints",
  tag: "Developers",
  summary: "List webhook endpoints",
  description: `The key's mode's endpoints (at most ${MAX_ENDPOINTS_PER_MODE}), the default one first, each with its delivery success rate over 30 days.`,
  success: {
    description: "The endpoints",
    schema: cursorListSchema(webhookEndpointSchema).openapi("WebhookEndpointList"),
    enveloped: false,
    example: { status: "success", message: "Webhook endpoints retrieved", data: [example], next_cursor: null, meta: { per_page: MAX_ENDPOINTS_PER_MODE } },
  },
});

export const createEndpointContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints",
  method: "POST",
  request: { auth: "merchant", body: createEndpointBody },
  operationId: "createWebhookEndpoint",
  tag: "Developers",
  summary: "Create a webhook endpoint",
  description: `Adds an endpoint to the key's mode (at most ${MAX_ENDPOINTS_PER_MODE}) with its own signing secret, returned once in \`secret\`. Live endpoints must be public https URLs, as callback_url.`,
  requestExample: { url: "https://example.com/hooks/sika", description: "Order service", event_types: ["transaction.payin", "refund"] },
  success: {
    description: "The endpoint and its secret",
    schema: z.strictObject({ ...webhookEndpointSchema.shape, secret: secretSchema }),
    message: "Webhook endpoint created",
    example: { ...example, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
  },
  errors: [{ key: "too_many_endpoints", summary: `Already ${MAX_ENDPOINTS_PER_MODE} endpoints in this mode`, error: new AppError("conflict", `A mode has at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints; delete one first`) }],
});

export const getEndpointContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints/{id}",
  method: "GET",
  request: { auth: "merchant", params: endpointIdParams },
  operationId: "getWebhookEndpoint",
  tag: "Developers",
  summary: "Get a webhook endpoint",
  description: "One endpoint with its success rate.",
  success: { description: "The endpoint", schema: webhookEndpointSchema, message: "Webhook endpoint retrieved", example },
  errors: [notFound],
});

export const updateEndpointContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints/{id}",
  method: "PATCH",
  request: { auth: "merchant", params: endpointIdParams, body: updateEndpointBody },
  operationId: "updateWebhookEndpoint",
  tag: "Developers",
  summary: "Update a webhook endpoint",
  description: "Changes the fields given: URL, description, event types, enabled (disable to pause deliveries; pending ones are skipped), default.",
  requestExample: { enabled: false },
  success: { description: "The endpoint", schema: webhookEndpointSchema, message: "Webhook endpoint updated", example: { ...example, enabled: false } },
  errors: [notFound],
});

export const deleteEndpointContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints/{id}",
  method: "DELETE",
  request: { auth: "merchant", params: endpointIdParams },
  operationId: "deleteWebhookEndpoint",
  tag: "Developers",
  summary: "Delete a webhook endpoint",
  description: "Removes the endpoint. Its past attempts stay in the events' delivery logs; its pending deliveries are skipped.",
  success: { description: "Deleted", schema: z.strictObject({ id: z.string(), deleted: z.literal(true) }), message: "Webhook endpoint deleted", example: { id: example.id, deleted: true } },
  errors: [notFound],
});

export const rotateEndpointSecretContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints/{id}/rotate-secret",
  method: "POST",
  request: { auth: "merchant", params: endpointIdParams },
  operationId: "rotateWebhookEndpointSecret",
  tag: "Developers",
  summary: "Rotate an endpoint's signing secret",
  description:
    "A new `whsec_` secret, returned once. `Signature` uses it at once; `Webhook-Signature` carries both the new and the old signature for 24 h so receivers switch without losing a webhook.",
  success: {
    description: "The new secret",
    schema: z.strictObject({ id: z.string(), secret: secretSchema, previous_secret_expires_at: z.string().nullable() }),
    message: "Webhook endpoint secret rotated",
    example: { id: example.id, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", previous_secret_expires_at: "2026-03-03T10:15:00.000Z" },
  },
  errors: [notFound],
});

export const endpointAttemptsQuery = z.object({ ...cursorQueryFields });

export const listEndpointAttemptsContract = defineOperation({
  path: "/api/v1/merchant/webhook-endpoints/{id}/attempts",
  method: "GET",
  request: { auth: "merchant", params: endpointIdParams, query: endpointAttemptsQuery },
  operationId: "listWebhookEndpointAttempts",
  tag: "Developers",
  summary: "An endpoint's delivery log",
  description: "Every attempt made to the endpoint, newest first, 30 days.",
  success: {
    description: "A page of attempts",
    schema: cursorListSchema(endpointAttemptSchema).openapi("WebhookEndpointAttemptList"),
    enveloped: false,
    example: {
      status: "success",
      message: "Delivery attempts retrieved",
      data: [
        {
          id: "att_01JD3W6V0XQ0G1TRG3X7N5YB2R",
          event_id: "msg_01JD3W6V0XQ0G1TRG3X7N5YB2P",
          delivery_id: "msg_01JD3W6V0XQ0G1TRG3X7N5YB2P_3f2a9c1b0d",
          transaction_id: "pi_01JD3W6V0XQ0G1TRG3X7N5YB2M",
          created_at: "2026-03-02T10:15:03.200Z",
          url: example.url,
          status_code: 200,
          duration_ms: 58,
          error: null,
        },
      ],
      next_cursor: null,
      meta: { per_page: 20 },
    },
  },
  errors: [notFound],
});
