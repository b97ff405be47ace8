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
// Issue 22 (audit log, payout approvals)
import { auditRouter } from "./routers/audit";
import { approvalsRouter } from "./routers/approvals";
import { developersRouter } from "./routers/developers";
import { sessionsRouter } from "./routers/sessions";
import { securityRouter } from "./routers/security";
import { recoveryRouter } from "./routers/recovery";
import { paymentLinksRouter } from "./routers/payment-links";
import { settlementsRouter } from "./routers/settlements";
import { operatorSettlementsRouter } from "./routers/operator-settlements";
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
  audit: auditRouter,
  approvals: approvalsRouter,
  developers: developersRouter,
  sessions: sessionsRouter,
  security: securityRouter,
  recovery: recoveryRouter,
  // Issue 21: payment links, settlements to the bank (merchant and operator console).
  paymentLinks: paymentLinksRouter,
  settlements: settlementsRouter,
  operatorSettlements: operatorSettlementsRouter,
  testMode: testModeRouter,
});

export type AppRouter = typeof appRouter;
