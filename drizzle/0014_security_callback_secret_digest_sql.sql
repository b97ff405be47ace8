-- Issue 19 §13: per-transaction callback secrets are kept as a digest only. Rows written
-- before hold the secret itself: replace it with `sha256:<hex>` of it, which the callback
-- check (server/connectors/callback-secret.ts) compares against, so a payout already sent
-- to Daraja with the old secret in its ResultURL still gets its result.
UPDATE "transactions"
SET "callback_secret" = 'sha256:' || encode(sha256(convert_to("callback_secret", 'UTF8')), 'hex')
WHERE "callback_secret" IS NOT NULL AND "callback_secret" NOT LIKE 'sha256:%';
