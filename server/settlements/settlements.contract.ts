import { z } from "../contracts/zod";
import { startingAfterField } from "../contracts/cursor-list";
import { defineOperation, idempotencyConflictError, idempotencyHeader, replayedHeader } from "../contracts/operation";
import { insufficientBalanceDataSchema } from "../contracts/envelope";
import { AppError, errors } from "../errors";
import { amountSchema } from "../payments/request-fields";
import { BANK_ACCOUNT_STATUSES, SETTLEMENT_STATUSES } from "../vocabulary";

export const createSettlementBody = z.object({
  bank_account_id: z.string().min(1).max(64).describe("A verified bank account (`ba_…`, see GET /api/v1/merchant/bank-accounts)."),
  amount: amountSchema.describe("What reaches the bank account, in the account's currency. The settlement fee is taken from the balance on top."),
});

export const settlementSchema = z
  .strictObject({
    id: z.string().meta({ example: "st_01JZ3KF2B6D8F0H2K4M6P8R0T2" }),
    status: z.enum(SETTLEMENT_STATUSES).describe("`pending` (reserved, waiting for the bank transfer), `paid` (sent, see bank_reference) or `rejected` (the total is back in the balance)."),
    amount: z.number(),
    fee: z.number().describe("The settlement fee of the fee schedule."),
    total: z.number().describe("amount + fee: what left the available balance."),
    currency: z.string(),
    bank_account: z.strictObject({ id: z.string(), bank_name: z.string(), holder_name: z.string(), country_code: z.string(), account_number: z.string().describe("Masked: the last 4 characters.") }),
    source: z.enum(["dashboard", "api", "schedule"]),
    bank_reference: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .openapi("Settlement");

export const bankAccountSchema = z
  .strictObject({
    id: z.string(),
    holder_name: z.string(),
    bank_name: z.string(),
    country_code: z.string(),
    currency: z.string(),
    format: z.enum(["iban", "account_branch"]).describe("`iban`: UEMOA/CEMAC RIB stored as its IBAN; `account_branch`: account number and branch code."),
    account_number: z.string().describe("Masked: the last 4 characters."),
    branch_code: z.string().nullable(),
    status: z.enum(BANK_ACCOUNT_STATUSES).describe("Only `verified` accounts receive settlements."),
    rejection_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("BankAccount");

export const settlementListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: startingAfterField("settlement", "a settlement").describe("`next_starting_after` of the previous page: the page after that settlement."),
});
export const settlementIdParams = z.object({ id: z.string().min(1).max(64) });

const example = {
  id: "st_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  status: "pending",
  amount: 500000,
  fee: 2500,
  total: 502500,
  currency: "XOF",
  bank_account: { id: "ba_01JZ3KE0A1B2C3D4E5F6G7H8J9", bank_name: "Société Générale Côte d'Ivoire", holder_name: "Boutique Awa SARL", country_code: "CI", account_number: "•••• 0589" },
  source: "api",
  bank_reference: null,
  rejection_reason: null,
  created_at: "2026-03-02T10:15:00.000Z",
  updated_at: "2026-03-02T10:15:00.000Z",
  decided_at: null,
};

const insufficient = {
  key: "insufficient_balance",
  summary: "The available balance cannot cover amount + fee",
  error: new AppError("insufficient_balance", "Insufficient balance for settlement", { required_amount: 502500, available_balance: 120000, currency: "XOF" }),
  data: insufficientBalanceDataSchema,
};

export const createSettlementContract = defineOperation({
  path: "/api/v1/merchant/settlements",
  method: "POST",
  request: { auth: "merchant", body: createSettlementBody },
  operationId: "createSettlement",
  tag: "Account",
  summary: "Request a settlement to the bank",
  description:
    "Moves money from the available balance to a verified bank account. amount + the settlement fee (fee schedule) are reserved at once, like a payout; Sika's operations team sends the bank transfer and marks it `paid` with the bank's reference, or `rejected` with a reason (the total then returns to the balance). Each status change sends a webhook in the 2.4 shape with `type` `settlement`. Live mode needs an approved KYC.",
  requestExample: { bank_account_id: "ba_01JZ3KE0A1B2C3D4E5F6G7H8J9", amount: 500000 },
  headers: idempotencyHeader,
  success: { description: "The settlement, `pending`", schema: settlementSchema, example, message: "Settlement requested", headers: replayedHeader },
  errors: [idempotencyConflictError, insufficient, { key: "kyc_required", summary: "Live mode without an approved KYC", error: new AppError("kyc_required", "KYC approval required for live settlements") }],
});

export const listSettlementsContract = defineOperation({
  path: "/api/v1/merchant/settlements",
  method: "GET",
  request: { auth: "merchant", query: settlementListQuery },
  operationId: "listSettlements",
  tag: "Account",
  summary: "List settlements",
  description: "The key's mode's settlements, newest first.",
  success: {
    description: "A page of settlements",
    schema: z.strictObject({ data: z.array(settlementSchema), has_more: z.boolean(), next_starting_after: z.string().nullable() }).openapi("SettlementList"),
    example: { data: [example], has_more: false, next_starting_after: null },
    message: "Settlements retrieved",
  },
});

export const getSettlementContract = defineOperation({
  path: "/api/v1/merchant/settlements/{id}",
  method: "GET",
  request: { auth: "merchant", params: settlementIdParams },
  operationId: "getSettlement",
  tag: "Account",
  summary: "Read a settlement",
  description: "One settlement and its current status.",
  success: { description: "The settlement", schema: settlementSchema, example: { ...example, status: "paid", bank_reference: "SGCI-TRF-20260303-0042", decided_at: "2026-03-03T09:00:00.000Z" }, message: "Settlement retrieved" },
  errors: [{ key: "settlement_not_found", summary: "No such settlement for this key's merchant and mode", error: errors.notFound("Settlement not found") }],
});

export const listBankAccountsContract = defineOperation({
  path: "/api/v1/merchant/bank-accounts",
  method: "GET",
  request: { auth: "merchant" },
  operationId: "listBankAccounts",
  tag: "Account",
  summary: "List bank accounts",
  description: "The bank accounts registered in the dashboard for the key's mode, with their verification status (only `verified` ones receive settlements).",
  success: {
    description: "The accounts, newest first",
    schema: z.array(bankAccountSchema),
    example: [{ id: "ba_01JZ3KE0A1B2C3D4E5F6G7H8J9", holder_name: "Boutique Awa SARL", bank_name: "Société Générale Côte d'Ivoire", country_code: "CI", currency: "XOF", format: "iban", account_number: "•••• 0589", branch_code: null, status: "verified", rejection_reason: null, created_at: "2026-03-01T08:00:00.000Z" }],
    message: "Bank accounts retrieved",
  },
});
