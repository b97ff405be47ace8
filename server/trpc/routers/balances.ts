import { z } from "../../zod";
import { TRPCError } from "@trpc/server";
import { creditWallet } from "../../ledger/operator-credit";
import { listWallets } from "../../ledger/wallets";
import { newId } from "../../ids";
import { modeProcedure, modeScope, router } from "../init";
import { amountInput, currencySchema, money, moneyText } from "../schemas";
import { audited } from "../../audit/actors";
import { auditScope } from "../audit";

export const balanceRow = z.object({ currency: z.string(), available: moneyText, inFlight: moneyText, updatedAt: z.date() });

/** Wallet balances for the chosen mode, and the test-mode top-up. */
export const balancesRouter = router({
  list: modeProcedure("viewer")
    .input(modeScope)
    .output(z.array(balanceRow))
    .query(async ({ ctx, input }) => {
      const wallets = await listWallets(ctx.db, { merchantId: ctx.merchantId, mode: input.mode });
      return wallets.map((w) => ({ currency: w.currency, available: money(w.available), inFlight: money(w.inFlight), updatedAt: w.updatedAt }));
    }),

  /**
   * Test money only: funds the test wallet from the service's funding account so a
   * developer can try payouts. The reference is generated, so each click is one credit.
   */
  topUpTest: modeProcedure("developer")
    .input(z.object({ currency: currencySchema, amount: amountInput }))
    .output(z.object({ reference: z.string(), currency: z.string(), available: moneyText }))
    .mutation(async ({ ctx, input }) => {
      if (input.mode !== "test") throw new TRPCError({ code: "FORBIDDEN", message: "Top-ups are for test mode only. Live balances come from real payins." });
      const reference = `topup_${newId("ledgerTransfer").slice(4)}`;
      const result = await audited(
        ctx.db,
        auditScope(ctx),
        (tx) =>
          creditWallet(tx, {
            merchantId: ctx.merchantId,
            mode: "test",
            currency: input.currency,
            amount: input.amount,
            reference,
            reason: `Test balance top-up by ${ctx.user.email}`,
            createdBy: ctx.user.id,
          }),
        (r) => ({ merchantId: ctx.merchantId, mode: "test", action: "wallet.test_top_up", target: { type: "ledger_transfer", id: r.transferId }, after: { currency: input.currency, amount: money(input.amount), reference } }),
      );
      return { reference, currency: input.currency, available: money(result.available) };
    }),
});
