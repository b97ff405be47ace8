import { z } from "../contracts/zod";
import { commonErrorCases } from "../contracts/envelope";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";
import { transactionStatusViewSchema } from "../payments/api-views";
import { transactionIdParams } from "../payments/request-fields";
import { FINAL_TRANSACTION_STATUSES } from "../vocabulary";
import { settleErrors } from "./settle-outcome";

/**
 * The test-mode control endpoints (issue 24): test keys only; a live key gets 404, as
 * for a path that does not exist. Both are described in docs/testing.md.
 */
const liveKeyError = { key: "live_key", summary: "A live key: these endpoints exist for test keys only", error: settleErrors.liveKey() };

export const settleOutcomeBody = z.object({
  status: z
    .enum(FINAL_TRANSACTION_STATUSES)
    .describe("The outcome to apply now."),
  reason: z
    .string()
    .max(255)
    .nullish()
    .describe("failed / cancelled: the decline reason to record (default: the sandbox's own reason). Ignored for successful."),
});

/** POST /api/v1/test/transactions/{id}/outcome: served by settleOutcome. */
export const settleOutcomeContract = defineOperation({
  path: "/api/v1/test/transactions/{id}/outcome",
  method: "POST",
  request: { auth: "merchant", params: transactionIdParams, body: settleOutcomeBody },
  operationId: "settleTestOutcome",
  tag: "Test mode",
  summary: "Settle a pending test transaction now",
  description:
    "Test keys only (a live key gets 404). Gives a pending test payin, payout or refund its outcome at once, whatever its phone number or `sandbox_delay_ms`: the status changes, the ledger and balances move, the timeline gets its row and the status webhook is sent, exactly as when the sandbox decides. Answers the transaction as the status endpoint does.",
  requestExample: { status: "failed", reason: "Customer has insufficient funds" },
  success: {
    description: "The outcome was applied",
    schema: transactionStatusViewSchema,
    example: { ...examples.transactionStatus, status: "failed", decline_reason: "Customer has insufficient funds" },
    message: "Outcome applied",
  },
  errors: [
    commonErrorCases.transactionNotFound,
    liveKeyError,
    { key: "not_pending", summary: "The transaction already has its outcome", error: settleErrors.notPending("successful"), data: z.strictObject({ status: z.string() }) },
  ],
});

export const resetCountsSchema = z
  .strictObject({
    transactions: z.number().int().describe("Test payins, payouts and refunds deleted (with their timelines)."),
    webhook_events: z.number().int().describe("Test webhook events deleted (with their delivery attempts)."),
    ledger_entries: z.number().int().describe("Test ledger entries deleted (the statements' test movements)."),
    balances: z.number().int().describe("Test balances deleted (one per currency)."),
    bulk_batches: z.number().int().describe("Test bulk payout batches deleted."),
  })
  .openapi("TestResetResult");

/** POST /api/v1/test/reset: served by resetTestData. */
export const resetTestDataContract = defineOperation({
  path: "/api/v1/test/reset",
  method: "POST",
  request: { auth: "merchant" },
  operationId: "resetTestData",
  tag: "Test mode",
  summary: "Delete the merchant's test data",
  description:
    "Test keys only (a live key gets 404). Deletes this merchant's test-mode transactions, webhook events, statement movements, balances, bulk batches and Idempotency-Key records, in one database transaction, and records it in the audit log. Live data, settings, API keys, the team and webhook URLs stay as they are.",
  success: {
    description: "The test data is gone",
    schema: resetCountsSchema,
    example: { transactions: 42, webhook_events: 84, ledger_entries: 120, balances: 2, bulk_batches: 1 },
    message: "Test data reset",
  },
  errors: [liveKeyError],
});
