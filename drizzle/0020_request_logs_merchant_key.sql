DROP INDEX "request_logs_merchant_idx";--> statement-breakpoint
-- drizzle-kit cannot name the old primary key (its own note asks for this line): PostgreSQL named it request_logs_pkey.
ALTER TABLE "request_logs" DROP CONSTRAINT "request_logs_pkey";--> statement-breakpoint
ALTER TABLE "request_logs" ADD CONSTRAINT "request_logs_pkey" PRIMARY KEY("merchant_id","mode","id");--> statement-breakpoint
CREATE INDEX "request_logs_id_brin" ON "request_logs" USING brin ("id") WITH (autosummarize=true);