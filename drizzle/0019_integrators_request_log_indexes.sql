DROP INDEX "webhook_events_created_idx";--> statement-breakpoint
DROP INDEX "request_logs_created_idx";--> statement-breakpoint
DROP INDEX "request_logs_merchant_idx";--> statement-breakpoint
CREATE INDEX "request_logs_merchant_idx" ON "request_logs" USING btree ("merchant_id","mode","id");