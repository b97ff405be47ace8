ALTER TYPE "public"."transaction_type" ADD VALUE 'refund';--> statement-breakpoint
CREATE TABLE "bulk_payout_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"item_count" integer NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"response" jsonb,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bulk_batch_id" text;--> statement-breakpoint
ALTER TABLE "bulk_payout_batches" ADD CONSTRAINT "bulk_payout_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_payout_batches_idempotency_unique" ON "bulk_payout_batches" USING btree ("merchant_id","mode","idempotency_key");--> statement-breakpoint
CREATE INDEX "bulk_payout_batches_merchant_created_idx" ON "bulk_payout_batches" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_of_transactions_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bulk_batch_id_bulk_payout_batches_id_fk" FOREIGN KEY ("bulk_batch_id") REFERENCES "public"."bulk_payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_refund_of_idx" ON "transactions" USING btree ("refund_of") WHERE "transactions"."refund_of" is not null;--> statement-breakpoint
CREATE INDEX "transactions_bulk_batch_idx" ON "transactions" USING btree ("bulk_batch_id") WHERE "transactions"."bulk_batch_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_has_payin" CHECK (("transactions"."type"::text = 'refund') = ("transactions"."refund_of" is not null));