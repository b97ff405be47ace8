/** The guide's shell snippets, shared by its English and French pages (commands are not translated). */
export const snippets = {
  env: (base: string) => `export SIKA_URL=${base}\nexport SIKA_KEY=sk_test_...        # a test key (Developers → Create key)`,
  delayed: `curl -s -X POST "$SIKA_URL/api/v1/merchant/payin" \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{"amount": 5000, "currency": "XOF", "order_id": "qa-1",
       "metadata": {"network": "mtn", "country_code": "CI", "phone_number": "+2250700000003",
                    "sandbox_delay_ms": 600000}}'`,
  outcome: `curl -s -X POST "$SIKA_URL/api/v1/test/transactions/pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D/outcome" \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{"status": "failed", "reason": "Customer has insufficient funds"}'`,
  outcomeAnswer: `{ "status": "success", "message": "Outcome applied",
  "data": { "transaction_id": "pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D", "status": "failed",
            "decline_reason": "Customer has insufficient funds", "type": "cashin", ... } }`,
  reset: `curl -s -X POST "$SIKA_URL/api/v1/test/reset" -H "Authorization: Bearer $SIKA_KEY"`,
  resetAnswer: `{ "status": "success", "message": "Test data reset",
  "data": { "transactions": 42, "webhook_events": 84, "ledger_entries": 120, "balances": 2, "bulk_batches": 1 } }`,
  playwright: `const row = page.locator(\`[data-transaction-id="\${id}"]:visible\`);
await expect(row).toHaveAttribute("data-status", "pending");
await settle(request, key, id, "successful");            // POST /api/v1/test/transactions/{id}/outcome
await expect(row).toHaveAttribute("data-status", "successful"); // no reload: the list follows`,
  locale: `await context.addCookies([{ name: "sika_locale", value: "fr", url: process.env.SIKA_URL }]);`,
  production: `npm ci && npm run build
export NODE_ENV=production PORT=3000 SIKA_URL=http://127.0.0.1:3000 \\
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/sika_qa \\
  SECRETS_KEY=$(openssl rand -hex 32) NEXTAUTH_SECRET=$(openssl rand -base64 32) \\
  NEXTAUTH_URL=http://127.0.0.1:3000 PUBLIC_BASE_URL=http://127.0.0.1:3000 \\
  SANDBOX_DELAY_MS=300 WORKER_INTERVAL_MS=200 WEBHOOK_RETRY_SCHEDULE=1,1,2 \\
  ALLOW_PRIVATE_WEBHOOK_URLS=1 SIGNUP_LIMIT_PER_HOUR=10000 ACCOUNT_LINK_LIMIT_PER_HOUR=10000 RATE_LIMIT_PER_SECOND=10000
npm run admin -- create-operator --email qa-operator@example.com --password 'a long password'
npm start`,
  example: `cd examples/playwright-qa
npm install && npx playwright install chromium
SIKA_URL=http://127.0.0.1:3000 npx playwright test`,
};
