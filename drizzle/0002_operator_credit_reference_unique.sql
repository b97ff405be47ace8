DROP INDEX "operator_credits_wallet_reference_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "operator_credits_reference_unique" ON "operator_credits" USING btree ("reference");