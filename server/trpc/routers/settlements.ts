import { z } from "../../zod";
import { addBankAccount, findBankAccount, listBankAccounts } from "../../settlements/bank-accounts";
import { maskAccount } from "../../settlements/bank-formats";
import { listSettlements, settlementFee } from "../../settlements/settlements";
import { createSettlement } from "../../settlements/create-settlement";
import { toAmount } from "../../money";
import { listSettlementSchedules, saveSettlementSchedule } from "../../settlements/schedule";
import { listWallets } from "../../ledger/wallets";
import { SETTLEMENT_FREQUENCIES, SETTLEMENT_STATUSES, BANK_ACCOUNT_STATUSES } from "../../vocabulary";
import { modeProcedure, router } from "../init";
import { amountInput, money, moneyText } from "../schemas";

const accountRow = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  format: z.string(),
  accountNumber: z.string(),
  branchCode: z.string().nullable(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  rejectionReason: z.string().nullable(),
});

const settlementRow = z.object({
  id: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  amount: moneyText,
  fee: moneyText,
  total: moneyText,
  currency: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  source: z.string(),
  bankReference: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});

const scheduleRow = z.object({ currency: z.string(), bankAccountId: z.string(), frequency: z.enum(SETTLEMENT_FREQUENCIES), weekday: z.number().nullable(), threshold: moneyText, enabled: z.boolean(), nextRunAt: z.date() });

/**
 * Settlements in the dashboard (issue 21): every member reads; the owner registers bank
 * accounts, requests settlements and sets the automatic schedule (money leaving the account).
 */
export const settlementsRouter = router({
  overview: modeProcedure("viewer")
    .output(z.object({ accounts: z.array(accountRow), settlements: z.array(settlementRow), schedules: z.array(scheduleRow), balances: z.array(z.object({ currency: z.string(), available: moneyText })) }))
    .query(async ({ ctx, input }) => {
      const scope = { merchantId: ctx.merchantId, mode: input.mode };
      const [accounts, rows, schedules, wallets] = await Promise.all([listBankAccounts(ctx.db, scope), listSettlements(ctx.db, { ...scope, limit: 100 }), listSettlementSchedules(ctx.db, scope), listWallets(ctx.db, scope)]);
      return {
        accounts: accounts.map((a) => ({ ...a, accountNumber: maskAccount(a.accountNumber) })),
        settlements: rows.map(({ settlement: s, account: a }) => ({
          id: s.id,
          status: s.status,
          amount: money(s.amount),
          fee: money(s.fee),
          total: money(s.total),
          currency: s.currency,
          bankName: a.bankName,
          accountNumber: maskAccount(a.accountNumber),
          source: s.source,
          bankReference: s.bankReference,
          rejectionReason: s.rejectionReason,
          createdAt: s.createdAt,
          decidedAt: s.decidedAt,
        })),
        schedules: schedules.map((s) => ({ ...s, threshold: money(s.threshold) })),
        balances: wallets.map((w) => ({ currency: w.currency, available: money(w.available) })),
      };
    }),

  addAccount: modeProcedure("owner")
    .input(
      z.object({
        holderName: z.string().trim().min(1, "Enter the account holder.").max(140),
        bankName: z.string().trim().min(1, "Enter the bank.").max(140),
        countryCode: z.string().trim().length(2),
        currency: z.string().trim().max(3).optional(),
        accountNumber: z.string().trim().min(1, "Enter the account number.").max(60),
        branchCode: z.string().trim().max(20).optional(),
        bankCode: z.string().trim().max(11).optional(),
      }),
    )
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const a = await addBankAccount(ctx.db, { ...input, merchantId: ctx.merchantId, actor: { type: "user", id: ctx.user.id, label: ctx.user.email } });
      return { id: a.id };
    }),

  quote: modeProcedure("viewer")
    .input(z.object({ bankAccountId: z.string().min(1).max(64), amount: amountInput }))
    .output(z.object({ fee: moneyText, total: moneyText }))
    .query(async ({ ctx, input }) => {
      const account = await findBankAccount(ctx.db, { merchantId: ctx.merchantId, mode: input.mode, id: input.bankAccountId });
      const fee = await settlementFee(ctx.db, account, input.amount);
      return { fee: money(fee), total: money(input.amount + fee) };
    }),

  request: modeProcedure("owner")
    .input(
      z.object({
        bankAccountId: z.string().min(1).max(64),
        amount: amountInput,
        /** One per confirmation in the browser: a request retried after a dropped connection settles once. */
        idempotencyKey: z.string().min(8).max(100),
      }),
    )
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { data } = await createSettlement(ctx.db, {
        merchantId: ctx.merchantId,
        mode: input.mode,
        requester: { user: ctx.user },
        body: { bank_account_id: input.bankAccountId, amount: toAmount(input.amount) },
        idempotencyKey: `dashboard:${ctx.user.id}:${input.idempotencyKey}`,
      });
      return { id: data.id };
    }),

  saveSchedule: modeProcedure("owner")
    .input(z.object({ bankAccountId: z.string().min(1).max(64), frequency: z.enum(SETTLEMENT_FREQUENCIES), weekday: z.number().int().min(1).max(7).nullable(), threshold: amountInput, enabled: z.boolean() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await saveSettlementSchedule(ctx.db, { ...input, merchantId: ctx.merchantId });
      return { ok: true as const };
    }),
});
