import { z } from "zod";
import type { HttpMethod, RouteHandler } from "../http/api-route";
import { errors } from "../errors";
import { amountLimitsDataSchema, commonErrorCases, insufficientBalanceDataSchema, type ErrorCase } from "./schemas/envelope";
import { countriesPageSchema, networksListSchema } from "./schemas/catalog";
import {
  balanceListSchema,
  feeQuoteSchema,
  payinCreatedSchema,
  payoutCreatedSchema,
  resendWebhookResultSchema,
  transactionListSchema,
  transactionReferenceSchema,
  transactionStatusViewSchema,
} from "./schemas/transactions";
import { examples } from "./examples";
import * as countriesRoute from "@/app/api/v1/countries/route";
import * as networksRoute from "@/app/api/v1/networks/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as payinRoute from "@/app/api/v1/merchant/payin/route";
import * as payoutRoute from "@/app/api/v1/merchant/payout/route";
import * as transactionsRoute from "@/app/api/v1/merchant/transactions/route";
import * as transactionRoute from "@/app/api/v1/merchant/transactions/[id]/route";
import * as finalizeRoute from "@/app/api/v1/merchant/transactions/[id]/finalize/route";
import * as resendRoute from "@/app/api/v1/merchant/transactions/[id]/resend-webhook/route";
import * as referenceRoute from "@/app/api/v1/transactions/[reference]/route";
import * as balancesRoute from "@/app/api/v1/merchant/balances/route";
import * as feesRoute from "@/app/api/v1/merchant/fees/route";

/**
 * Every /api/v1 operation the document describes. The request side (auth, body, query,
 * path parameters) is NOT written here: the builder reads it from the route module's own
 * `endpoint()` spec, i.e. the zod schemas the handler validates with. This table adds
 * only what a handler cannot know: prose, the success shape, and the domain errors.
 */
export interface OperationDoc {
  /** OpenAPI path template: the route folder with `[param]` written `{param}`. */
  path: string;
  method: HttpMethod;
  /** The route module; its exported method handler carries the `endpoint()` spec. */
  route: Partial<Record<HttpMethod, RouteHandler>>;
  operationId: string;
  tag: "Payments" | "Transactions" | "Account" | "Catalog" | "Meta";
  summary: string;
  description: string;
  requestExample?: unknown;
  /** Request headers a handler reads itself (not part of its zod spec). */
  headers?: z.ZodObject;
  success: { description: string; schema: z.ZodType; example: unknown; message?: string; enveloped?: boolean; headers?: z.ZodObject };
  /** Domain errors beyond the automatic ones (401, 400 JSON, 422, 429, 500). */
  errors?: ErrorCase[];
}

const limits: ErrorCase = {
  key: "amount_out_of_limits",
  summary: "Processed amount outside the country/currency limits",
  error: errors.amountOutOfLimits({ amount: 100, min_amount: 500, max_amount: 1500000, currency: "XOF" }, "CI"),
  data: amountLimitsDataSchema,
};
const networkUnavailable: ErrorCase = {
  key: "network_unavailable",
  summary: "Live mode: no connector is configured for this network; no money moved",
  error: errors.networkUnavailable(),
};
const idempotencyConflict: ErrorCase = {
  key: "idempotency_conflict",
  summary: "Idempotency-Key reused with a different body within 24 h",
  error: errors.idempotencyConflict(),
};

const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "Any unique string (a UUID). The same key and body within 24 h replays the first response (with `Idempotent-Replayed: true`); the same key with another body answers 409.",
    ),
});
const replayedHeader = z.object({
  "Idempotent-Replayed": z.literal("true").optional().describe("Present when this response replays an earlier request with the same Idempotency-Key."),
});

export function operations(): OperationDoc[] {
  return [
    {
      path: "/api/v1/merchant/payin",
      method: "POST",
      route: payinRoute,
      operationId: "createPayin",
      tag: "Payments",
      summary: "Create a payin",
      description:
        "Collects money from a customer's mobile money account. The response's `auth_mode`, `instructions` and `redirect_url` tell you what happens next: null — wait for the webhook; `confirm` — show `instructions` to the customer; `pin` — collect the PIN and call finalize; `redirect_url` — send the customer there. Test keys use the sandbox: the phone's last 4 digits choose the outcome. Confirm the final state with the status endpoint before delivering goods.",
      requestExample: examples.payinRequest,
      headers: idempotencyHeader,
      success: { description: "Payin created, status `pending`", schema: payinCreatedSchema, example: examples.payinCreated, message: "Payin initiated", headers: replayedHeader },
      errors: [idempotencyConflict, limits, networkUnavailable],
    },
    {
      path: "/api/v1/merchant/payout",
      method: "POST",
      route: payoutRoute,
      operationId: "createPayout",
      tag: "Payments",
      summary: "Create a payout",
      description:
        "Sends money from your wallet to a recipient's mobile money account. `amount + fee` is reserved from the wallet at once and returned if the payout fails. Live payouts need an approved KYC.",
      requestExample: examples.payoutRequest,
      headers: idempotencyHeader,
      success: { description: "Payout created, status `pending`", schema: payoutCreatedSchema, example: examples.payoutCreated, message: "Payout initiated", headers: replayedHeader },
      errors: [
        idempotencyConflict,
        limits,
        { key: "kyc_required", summary: "Live mode while the merchant's KYC is not approved", error: errors.kycRequired() },
        {
          key: "insufficient_balance",
          summary: "The wallet cannot cover amount + fee",
          error: errors.insufficientBalance({ required_amount: 5050, available_balance: 1200, currency: "XOF" }),
          data: insufficientBalanceDataSchema,
        },
        networkUnavailable,
      ],
    },
    {
      path: "/api/v1/merchant/transactions/{id}",
      method: "GET",
      route: transactionRoute,
      operationId: "getTransaction",
      tag: "Transactions",
      summary: "Get a transaction's status",
      description: "Reads a payin or payout by the `transaction_id` returned at creation. Use it to confirm the final state before acting on a webhook.",
      success: { description: "The transaction", schema: transactionStatusViewSchema, example: examples.transactionStatus, message: "Transaction retrieved" },
      errors: [commonErrorCases.transactionNotFound],
    },
    {
      path: "/api/v1/merchant/transactions",
      method: "GET",
      route: transactionsRoute,
      operationId: "listTransactions",
      tag: "Transactions",
      summary: "List transactions",
      description: "Newest first, filtered, with cursor pagination. Only the key's mode is visible.",
      success: {
        description: "A page of transactions",
        schema: transactionListSchema,
        example: { data: [examples.transactionStatus], next_cursor: null },
        message: "Transactions retrieved",
      },
    },
    {
      path: "/api/v1/merchant/transactions/{id}/finalize",
      method: "POST",
      route: finalizeRoute,
      operationId: "finalizePayin",
      tag: "Payments",
      summary: "Finalize a payin with the customer's PIN",
      description:
        "For a pending payin whose `auth_mode` is `pin` (Gambia qmoney, aps): submits the PIN / OTP the customer entered. The outcome arrives by webhook. In test mode, `000000` fails the payin.",
      requestExample: examples.finalizeRequest,
      success: { description: "PIN accepted for processing (the payin, still pending)", schema: payinCreatedSchema, example: examples.finalized, message: "Payin authorization submitted" },
      errors: [
        commonErrorCases.transactionNotFound,
        {
          key: "cannot_finalize",
          summary: "Not a pending payin awaiting a PIN (other auth mode, already finalized, expired, terminal, payout)",
          error: errors.cannotFinalize(),
        },
        networkUnavailable,
      ],
    },
    {
      path: "/api/v1/merchant/transactions/{id}/resend-webhook",
      method: "POST",
      route: resendRoute,
      operationId: "resendWebhook",
      tag: "Transactions",
      summary: "Resend the status webhook",
      description:
        "Builds a new notification from the transaction's current state and delivers it at once to the transaction's `callback_url`, else the dashboard default URL. It has a new `Webhook-Id`.",
      success: { description: "Notification queued and attempted", schema: resendWebhookResultSchema, example: examples.resent, message: "Webhook resent" },
      errors: [
        commonErrorCases.transactionNotFound,
        { key: "no_webhook_url", summary: "Neither a callback_url nor a dashboard default URL exists", error: errors.noWebhookUrl() },
      ],
    },
    {
      path: "/api/v1/transactions/{reference}",
      method: "GET",
      route: referenceRoute,
      operationId: "getTransactionByReference",
      tag: "Transactions",
      summary: "Read a transaction by reference",
      description:
        "The remittance-style shape. `reference` is a transaction_id or, failing that, your most recent transaction with that order_id. Amounts are hundredths as decimal text.",
      success: { description: "The transaction, remittance-style", schema: transactionReferenceSchema, example: examples.transactionReference, message: "Transaction retrieved" },
      errors: [commonErrorCases.transactionNotFound],
    },
    {
      path: "/api/v1/merchant/balances",
      method: "GET",
      route: balancesRoute,
      operationId: "getBalances",
      tag: "Account",
      summary: "Get balances",
      description: "Available and pending balance per currency, for the key's mode.",
      success: { description: "One entry per currency", schema: balanceListSchema, example: examples.balances, message: "Balances retrieved" },
    },
    {
      path: "/api/v1/merchant/fees",
      method: "GET",
      route: feesRoute,
      operationId: "quoteFee",
      tag: "Account",
      summary: "Quote a fee",
      description: "What a payin or payout of this amount would cost: processed amount after rounding, fee, and amount + fee. Creates nothing.",
      success: { description: "The quote", schema: feeQuoteSchema, example: examples.feeQuote, message: "Fee quote" },
      errors: [limits],
    },
    {
      path: "/api/v1/countries",
      method: "GET",
      route: countriesRoute,
      operationId: "listCountries",
      tag: "Catalog",
      summary: "List countries",
      description: "Every ISO 3166-1 country, sorted by name, in Laravel's paginator format. No status/message envelope.",
      success: { description: "A page of countries", schema: countriesPageSchema, example: examples.countriesPage, enveloped: false },
    },
    {
      path: "/api/v1/networks",
      method: "GET",
      route: networksRoute,
      operationId: "listNetworks",
      tag: "Catalog",
      summary: "List networks by country",
      description: "Per covered country: currencies with limits, rounding, networks with their customer authorization step, and whether each is available in the key's mode.",
      success: { description: "Coverage, one entry per country", schema: networksListSchema, example: undefined, message: "Networks retrieved" },
    },
    {
      path: "/api/v1/openapi.json",
      method: "GET",
      route: openapiRoute,
      operationId: "getOpenApiDocument",
      tag: "Meta",
      summary: "This OpenAPI document",
      description: "OpenAPI 3.1, generated from the zod schemas the handlers validate with. No authentication.",
      success: {
        description: "The OpenAPI document",
        schema: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) }).catchall(z.unknown()),
        example: undefined,
        enveloped: false,
      },
    },
  ];
}
