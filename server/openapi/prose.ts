import { coverage } from "../catalog/coverage";

/** The document's prose: the API overview, tag descriptions and the webhook contract. */
const roundingCountries = coverage.filter((c) => c.roundsToFive).map((c) => c.code).join(", ");

export const apiDescription = [
  "Collect (payin) and send (payout) mobile money in 15 African countries.",
  "",
  "- **Authentication**: `Authorization: Bearer <API key>`. `sk_test_…` keys use the sandbox networks (no real money); `sk_live_…` keys move real money. Test and live data never mix.",
  "- **Envelope**: every response but `/countries` and this document is `{ \"status\": \"success\" | \"error\", \"message\", \"data\" }`. Every response carries an `X-Request-Id` header (send your own to correlate).",
  `- **Amounts** are JSON numbers with at most 2 decimals, processed exactly (no float arithmetic). ${roundingCountries} round to the nearest multiple of 5.`,
  "- **Errors** use the same envelope with `status: \"error\"`; 422 lists every invalid field (`{ \"metadata.phone_number\": [\"…\"] }`). Each operation below lists its errors; the guide is at `/docs/errors`. Some errors add a `detail` sentence saying how to fix the request (a key sent without `Bearer `, a form-encoded body, JSON that does not parse, refunding a payout).",
  "- **Idempotency**: send `Idempotency-Key` on payin and payout; a retry with the same key and body replays the first response.",
  "- **Webhooks**: see the `transaction.status` webhook below and the guide at `/docs/webhooks`. Always confirm the final state with the status endpoint.",
].join("\n");

export const tags = [
  { name: "Payments", description: "Create payins and payouts; finalize PIN payins." },
  { name: "Transactions", description: "Read, list and re-notify transactions." },
  { name: "Account", description: "Balances and fee quotes." },
  { name: "Catalog", description: "Countries, networks, limits." },
  { name: "Meta", description: "This document." },
  { name: "Developers", description: "Request logs, events and webhook endpoints: what your integration sent, what happened, and where notifications go." },
  { name: "Test mode", description: "Test keys only: settle a test transaction now, reset the test data (guide: /docs/testing)." },
];

export const webhookDescription = [
  "Sent as an HTTP POST with a JSON body to the transaction's `callback_url`, else your dashboard's default URL, whenever a transaction's status changes (and on demand via resend-webhook).",
  "",
  "- **Verify** the Standard Webhooks headers (`Webhook-Id`, `Webhook-Timestamp`, `Webhook-Signature`), refusing timestamps more than 5 minutes off. The `Signature` header (hex HMAC-SHA256 of the raw body, no timestamp) is kept only for MbiyoPay compatibility: a captured delivery verifies forever with it. Use the raw bytes, never re-serialised JSON.",
  "- **Dedupe** on `Webhook-Id`: retries of one event keep it; a resend is a new event.",
  "- **Retries**: a non-2xx answer, a redirect, a timeout (10 s) or a connection error is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the event is marked failed (resendable).",
  "- **Confirm** by reading `GET /api/v1/merchant/transactions/{id}` before delivering goods or closing a payout.",
].join("\n");
