import crypto from "node:crypto";
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
   * developer can try payouts. The dialog sends a key per confirmation (a new one when the
   * form changes): the reference is made from it, so a retry after a dropped connection or
   * a double tap credits once (creditWallet answers the first credit again, and nothing new
   * is audited). Without a key each call is a credit of its own.
   */
  topUpTest: modeProcedure("developer")
    .input(z.object({ currency: currencySchema, amount: amountInput, idempotencyKey: z.string().min(8).max(100).optional() }))
    .output(z.object({ reference: z.string(), currency: z.string(), available: moneyText }))
    .mutation(async ({ ctx, input }) => {
      if (input.mode !== "test") throw new TRPCError({ code: "FORBIDDEN", message: "Top-ups are for test mode only. Live balances come from real payins." });
      const reference = input.idempotencyKey ? topUpReference(ctx.merchantId, ctx.user.id, input) : `topup_${newId("ledgerTransfer").slice(4)}`;
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
        (r) => (r.created ? { merchantId: ctx.merchantId, mode: "test", action: "wallet.test_top_up", target: { type: "ledger_transfer", id: r.transferId }, after: { currency: input.currency, amount: money(input.amount), reference } } : null),
      );
      return { reference, currency: input.currency, available: money(result.available) };
    }),
});

/**
 * A keyed top-up's reference: the merchant, the user, the key and what is credited, hashed.
 * The same confirmation sent again names the same credit; the same key with another amount or
 * currency (the dialog never sends one: it renews the key on any edit) is another credit,
 * never a refusal about a reference the user cannot see.
 */
function topUpReference(merchantId: string, userId: string, input: { currency: string; amount: bigint; idempotencyKey?: string }): string {
  const digest = crypto.createHash("sha256").update([merchantId, userId, input.idempotencyKey, input.currency, input.amount.toString()].join("\u0000")).digest("hex");
  return `topup_${digest.slice(0, 32)}`;
}
