import { z } from "../contracts/zod";
import { assertSameShape } from "../contracts/exact";
import { defineOperation } from "../contracts/operation";
import { STATEMENT_MAX_DAYS, statementQuery, type statementView } from "./statements";

/** GET /api/v1/merchant/statements (D16): the statement of one currency over a period. */
const movementSchema = z
  .strictObject({
    time: z.string().describe("When the movement was posted (ISO 8601, UTC)."),
    entry_id: z.string().describe("The ledger entry (`len_…`), unique per line."),
    transaction_id: z.string().nullable().describe("The transaction it belongs to; null for credits that are not a transaction."),
    order_id: z.string().nullable().describe("The transaction's order_id, when it has one."),
    type: z
      .string()
      .describe(
        "`payin` (successful payin credited), `payout` / `refund` (debited at creation, amount + fee), `payout_reversal` / `refund_reversal` (given back when it failed or was cancelled), `credit` (balance credit by the operator, test top-up), `settlement` (a settlement to the bank, debited when requested, amount + fee), `settlement_reversal` (given back when the operator rejected it).",
      ),
    amount: z.number().describe("Signed change of the available balance: + credit, - debit; fee included."),
    fee: z.number().describe("The part of amount that is a fee paid from the balance (same sign; 0 for payins, whose fee the customer pays on top)."),
    balance_after: z.number().describe("The available balance after this movement."),
    description: z.string().nullable(),
  })
  .openapi("StatementMovement");

export const statementSchema = z
  .strictObject({
    currency: z.string().meta({ example: "XOF" }),
    mode: z.enum(["test", "live"]),
    from: z.string().describe("First day (UTC)."),
    to: z.string().describe("Last day (UTC), included."),
    period_start: z.string().describe("from at 00:00:00 UTC."),
    period_end: z.string().describe("The day after to at 00:00:00 UTC (excluded)."),
    opening_balance: z.number().describe("Available balance at period_start."),
    closing_balance: z.number().describe("Available balance at period_end: opening_balance + the sum of the movements' amounts, always."),
    total_credits: z.number(),
    total_debits: z.number().describe("Negative or 0."),
    movement_count: z.number().int(),
    movements: z.array(movementSchema).describe("Oldest first."),
  })
  .openapi("Statement");

assertSameShape<z.output<typeof statementSchema>, ReturnType<typeof statementView>>();

const statementExample = {
  currency: "XOF",
  mode: "test",
  from: "2026-03-01",
  to: "2026-03-31",
  period_start: "2026-03-01T00:00:00.000Z",
  period_end: "2026-04-01T00:00:00.000Z",
  opening_balance: 50000,
  closing_balance: 48985,
  total_credits: 10000,
  total_debits: -11015,
  movement_count: 2,
  movements: [
    {
      time: "2026-03-04T10:12:03.120Z",
      entry_id: "len_01JQ2Y0Z3V6F8K9M2N4P6R8T0V",
      transaction_id: "pi_01JQ2Y0Y9X7W5V3T1R0P8N6M4K",
      order_id: "order-1042",
      type: "payin",
      amount: 10000,
      fee: 0,
      balance_after: 60000,
      description: null,
    },
    {
      time: "2026-03-09T16:40:55.007Z",
      entry_id: "len_01JQ2Z4A1B2C3D4E5F6G7H8J9K",
      transaction_id: "po_01JQ2Z49ZY8X7W6V5T4S3R2Q1P",
      order_id: "salary-march-17",
      type: "payout",
      amount: -11015,
      fee: -1015,
      balance_after: 48985,
      description: null,
    },
  ],
};

/** GET /api/v1/merchant/statements: served by getStatement. */
export const getStatementContract = defineOperation({
  path: "/api/v1/merchant/statements",
  method: "GET",
  request: { auth: "merchant", query: statementQuery },
  operationId: "getStatement",
  tag: "Account",
  summary: "Get a statement",
  description: `The available balance of one currency over whole UTC days (at most ${STATEMENT_MAX_DAYS}), for the key's mode: opening balance, every ledger movement in the period (time, transaction id, order id, type, amount, fee, balance after) and closing balance. Opening + movements = closing, always. \`format=csv\` answers the same as a CSV file (an opening_balance line, one line per movement, a closing_balance line).`,
  success: {
    description: "The statement (JSON envelope), or with format=csv a text/csv file",
    schema: statementSchema,
    example: statementExample,
    message: "Statement retrieved",
    alternatives: {
      "text/csv": {
        schema: z.string(),
        example:
          "time,entry_id,transaction_id,order_id,type,amount,fee,balance_after,currency,description\r\n2026-03-01T00:00:00.000Z,,,,opening_balance,,,50000,XOF,\r\n2026-03-04T10:12:03.120Z,len_01JQ2Y0Z3V6F8K9M2N4P6R8T0V,pi_01JQ2Y0Y9X7W5V3T1R0P8N6M4K,order-1042,payin,10000,0,60000,XOF,\r\n2026-04-01T00:00:00.000Z,,,,closing_balance,,,60000,XOF,\r\n",
      },
    },
  },
});
