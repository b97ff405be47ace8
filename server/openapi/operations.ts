import type { OperationContract } from "../contracts/operation";
import { listCountriesContract } from "../catalog/list-countries.contract";
import { listNetworksContract } from "../catalog/list-networks.contract";
import { predictNetworkContract } from "../catalog/predict-network.contract";
import { quoteFeeContract } from "../fees/quote.contract";
import { getBalancesContract } from "../ledger/balances.contract";
import { getStatementContract } from "../ledger/statements.contract";
import { createPayinContract } from "../payments/create-payin.contract";
import { createPayoutContract } from "../payments/create-payout.contract";
import { finalizePayinContract } from "../payments/finalize-payin.contract";
import { getTransactionContract } from "../payments/get-transaction.contract";
import { listTransactionsContract } from "../payments/list-transactions.contract";
import { transactionByReferenceContract } from "../payments/reference-view.contract";
import { createBulkPayoutsContract, getBulkBatchContract } from "../payments/bulk-payouts/bulk-payouts.contract";
import { createRefundContract } from "../payments/refunds/create-refund.contract";
import { listRefundsContract } from "../payments/refunds/list-refunds.contract";
import { transactionStatusAliasContract } from "../payments/status-alias.contract";
import { transactionsPageContract } from "../payments/transactions-page.contract";
import { resendWebhookContract } from "../webhooks/resend.contract";
import { getOpenApiDocumentContract } from "./get-document.contract";
// Issue 24 (key management API, with issue 22's restricted keys)
import { createApiKeyContract, listApiKeysContract, revokeApiKeyContract } from "../auth/manage-api-keys.contract";
import { getRequestLogContract, listRequestLogsContract } from "../request-logs/request-logs.contract";
import { getEventContract, listEventsContract, redeliverEventContract } from "../webhooks/events.contract";
import {
  createEndpointContract,
  deleteEndpointContract,
  getEndpointContract,
  listEndpointAttemptsContract,
  listEndpointsContract,
  rotateEndpointSecretContract,
  updateEndpointContract,
} from "../webhooks/endpoints.contract";
import { getStatusContract, subscribeContract } from "../status/status.contract";
import { createPaymentLinkContract, deactivatePaymentLinkContract, getPaymentLinkContract, listPaymentLinksContract } from "../payment-links/payment-links.contract";
import { createCheckoutSessionContract, getCheckoutSessionContract } from "../payment-links/checkout-sessions.contract";
import { createSettlementContract, getSettlementContract, listBankAccountsContract, listSettlementsContract } from "../settlements/settlements.contract";
import { resetTestDataContract, settleOutcomeContract } from "../test-mode/test-mode.contract";

/**
 * Every /api/v1 operation the document describes, in document order. Each contract sits
 * beside its service (`server/<domain>/<verb>.contract.ts`) and its route file passes
 * `contract.request` to `endpoint()`, so the document describes exactly the request the
 * handler validates (tests/integration/openapi-contract.test.ts holds the two together).
 */
export type OperationDoc = OperationContract;

export function operations(): OperationDoc[] {
  return [
    createPayinContract,
    createPayoutContract,
    createBulkPayoutsContract,
    getBulkBatchContract,
    getTransactionContract,
    listTransactionsContract,
    finalizePayinContract,
    resendWebhookContract,
    createRefundContract,
    listRefundsContract,
    transactionByReferenceContract,
    transactionsPageContract,
    transactionStatusAliasContract,
    getBalancesContract,
    getStatementContract,
    quoteFeeContract,
    listCountriesContract,
    listNetworksContract,
    predictNetworkContract,
    getStatusContract,
    subscribeContract,
    getOpenApiDocumentContract,
    createApiKeyContract,
    listApiKeysContract,
    revokeApiKeyContract,
    listRequestLogsContract,
    getRequestLogContract,
    listEventsContract,
    getEventContract,
    redeliverEventContract,
    listEndpointsContract,
    createEndpointContract,
    getEndpointContract,
    updateEndpointContract,
    deleteEndpointContract,
    rotateEndpointSecretContract,
    listEndpointAttemptsContract,
    // Issue 21: payment links, hosted checkout sessions, settlements to the bank.
    createPaymentLinkContract,
    listPaymentLinksContract,
    getPaymentLinkContract,
    deactivatePaymentLinkContract,
    createCheckoutSessionContract,
    getCheckoutSessionContract,
    listBankAccountsContract,
    createSettlementContract,
    listSettlementsContract,
    getSettlementContract,
    settleOutcomeContract,
    resetTestDataContract,
  ];
}
