import { z } from "../../zod";
import { pendingBankAccounts, reviewBankAccount } from "../../settlements/bank-accounts";
import { decideSettlement, pendingSettlements } from "../../settlements/settlements";
import { bankKey } from "../../settlements/bank-transfer-csv";
import { MODES } from "../../vocabulary";
import { operatorProcedure, router } from "../init";
import { money, moneyText } from "../schemas";

/** The operator console's settlements (issue 21): accounts to verify, pending transfers by bank, decisions. */
export const operatorSettlementsRouter = router({
  pending: operatorProcedure
    .output(
      z.object({
        accounts: z.array(
          z.object({ id: z.string(), merchantName: z.string(), mode: z.enum(MODES), holderName: z.string(), bankName: z.string(), countryCode: z.string(), currency: z.string(), accountNumber: z.string(), branchCode: z.string().nullable(), bankCode: z.string().nullable(), createdAt: z.date() }),
        ),
        settlements: z.array(
          z.object({ id: z.string(), merchantName: z.string(), mode: z.enum(MODES), bank: z.string(), holderName: z.string(), accountNumber: z.string(), amount: moneyText, fee: moneyText, currency: z.string(), exportedAt: z.date().nullable(), createdAt: z.date() }),
        ),
      }),
    )
    .query(async ({ ctx }) => {
      const [accounts, settlements] = await Promise.all([pendingBankAccounts(ctx.db), pendingSettlements(ctx.db)]);
      return {
        accounts: accounts.map(({ account: a, merchantName }) => ({ id: a.id, merchantName, mode: a.mode, holderName: a.holderName, bankName: a.bankName, countryCode: a.countryCode, currency: a.currency, accountNumber: a.accountNumber, branchCode: a.branchCode, bankCode: a.bankCode, createdAt: a.createdAt })),
        settlements: settlements.map(({ settlement: s, account: a, merchantName }) => ({
          id: s.id,
          merchantName,
          mode: s.mode,
          bank: bankKey(a.bankName),
          holderName: a.holderName,
          accountNumber: a.accountNumber,
          amount: money(s.amount),
          fee: money(s.fee),
          currency: s.currency,
          exportedAt: s.exportedAt,
          createdAt: s.createdAt,
        })),
      };
    }),

  reviewAccount: operatorProcedure
    .input(z.object({ id: z.string().min(1).max(64), decision: z.enum(["verify", "reject"]), reason: z.string().trim().max(500).optional() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await reviewBankAccount(ctx.db, { ...input, operator: { id: ctx.operator.id, email: ctx.operator.email } });
      return { ok: true as const };
    }),

  decide: operatorProcedure
    .input(z.object({ id: z.string().min(1).max(64), decision: z.enum(["paid", "rejected"]), bankReference: z.string().trim().max(100).optional(), reason: z.string().trim().max(500).optional() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await decideSettlement(ctx.db, { ...input, operator: { id: ctx.operator.id, email: ctx.operator.email } });
      return { ok: true as const };
    }),
});
