import { z } from "../../zod";
import { resetTestData } from "../../test-mode/reset-test-data";
import { memberProcedure, router } from "../init";

const resetCounts = z.object({ transactions: z.number(), webhook_events: z.number(), ledger_entries: z.number(), balances: z.number(), bulk_batches: z.number() });

/** Settings → Test data (owners): the dashboard's side of POST /api/v1/test/reset. Always test mode. */
export const testModeRouter = router({
  reset: memberProcedure("owner")
    .output(resetCounts)
    .mutation(({ ctx }) =>
      resetTestData(ctx.db, {
        merchantId: ctx.merchantId,
        mode: "test",
        actor: { type: "user", id: ctx.user.id, label: ctx.user.email },
        origin: { ip: ctx.clientAddress },
      }),
    ),
});
