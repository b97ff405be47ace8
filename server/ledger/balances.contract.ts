import { z } from "../contracts/zod";
import { examples } from "../contracts/examples";
import { defineOperation } from "../contracts/operation";

/** GET /api/v1/merchant/balances: one entry per currency of the key's mode. */
export const balanceSchema = z.strictObject({
  currency: z.string().meta({ example: "XOF" }),
  available_balance: z.number().describe("Spendable now (payouts draw from it).").meta({ example: 250000 }),
  pending_balance: z.number().describe("Reserved by payouts in flight.").meta({ example: 10100 }),
}).openapi("Balance");
export const balanceListSchema = z.array(balanceSchema);

/** GET /api/v1/merchant/balances: served by getBalances. */
export const getBalancesContract = defineOperation({
  path: "/api/v1/merchant/balances",
  method: "GET",
  request: { auth: "merchant" },
  operationId: "getBalances",
  tag: "Account",
  summary: "Get balances",
  description: "Available and pending balance per currency, for the key's mode.",
  success: { description: "One entry per currency", schema: balanceListSchema, example: examples.balances, message: "Balances retrieved" },
});
