import { router } from "./init";
import { accountRouter } from "./routers/account";
import { apiKeysRouter } from "./routers/api-keys";
import { balancesRouter } from "./routers/balances";
import { invitationRouter } from "./routers/invitation";
import { kycRouter } from "./routers/kyc";
import { merchantRouter } from "./routers/merchant";
import { operatorRouter } from "./routers/operator";
import { overviewRouter } from "./routers/overview";
import { payoutsRouter } from "./routers/payouts";
import { transactionsRouter } from "./routers/transactions";
import { webhooksRouter } from "./routers/webhooks";
import { teamRouter } from "./routers/team";
import { statementsRouter } from "./routers/statements";
import { refundsRouter } from "./routers/refunds";
import { bulkPayoutsRouter } from "./routers/bulk-payouts";
import { testModeRouter } from "./routers/test-mode";

/** Every dashboard and console procedure; the client imports only the type. */
export const appRouter = router({
  account: accountRouter,
  invitation: invitationRouter,
  merchant: merchantRouter,
  team: teamRouter,
  kyc: kycRouter,
  apiKeys: apiKeysRouter,
  balances: balancesRouter,
  overview: overviewRouter,
  transactions: transactionsRouter,
  payouts: payoutsRouter,
  statements: statementsRouter,
  refunds: refundsRouter,
  bulkPayouts: bulkPayoutsRouter,
  webhooks: webhooksRouter,
  operator: operatorRouter,
  testMode: testModeRouter,
});

export type AppRouter = typeof appRouter;
