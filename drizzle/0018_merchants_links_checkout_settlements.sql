CREATE TYPE "public"."checkout_session_status" AS ENUM('open', 'complete', 'expired');--> statement-breakpoint
CREATE TYPE "public"."bank_account_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."settlement_frequency" AS ENUM('daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."settlement_status" AS ENUM('pending', 'paid', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'settlement_reserve';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'settlement_settle';--> statement-breakpoint
ALTER TYPE "public"."ledger_kind" ADD VALUE 'settlement_release';--> statement-breakpoint
ALTER TYPE "public"."fee_direction" ADD VALUE 'settlement';--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint,
	"min_amount" bigint,
	"max_amount" bigint,
	"collect_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_payments" integer,
	"expires_at" timestamp (6) with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"deactivated_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" is null or "payment_links"."amount" > 0),
	CONSTRAINT "payment_links_max_payments_positive" CHECK ("payment_links"."max_payments" is null or "payment_links"."max_payments" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"status" "checkout_session_status" DEFAULT 'open' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"country_code" text,
	"order_id" text NOT NULL,
	"description" text,
	"return_url" text NOT NULL,
	"callback_url" text,
	"transaction_id" text,
	"expires_at" timestamp (6) with time zone NOT NULL,
	"completed_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_amount_positive" CHECK ("checkout_sessions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "link_payments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_link_id" text,
	"checkout_session_id" text,
	"payer_name" text,
	"payer_email" text,
	"payer_reference" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"format" text NOT NULL,
	"account_number" text NOT NULL,
	"branch_code" text,
	"bank_code" text,
	"status" "bank_account_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp (6) with time zone,
	"rejection_reason" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"currency" text NOT NULL,
	"bank_account_id" text NOT NULL,
	"frequency" "settlement_frequency" NOT NULL,
	"weekday" integer,
	"threshold" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp (6) with time zone NOT NULL,
	"last_run_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"bank_account_id" text NOT NULL,
	"status" "settlement_status" DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"bank_reference" text,
	"rejection_reason" text,
	"exported_at" timestamp (6) with time zone,
	"decided_by" text,
	"decided_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_total_is_sum" CHECK ("settlements"."total" = "settlements"."amount" + "settlements"."fee"),
	CONSTRAINT "settlements_amount_positive" CHECK ("settlements"."amount" > 0 and "settlements"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_payments" ADD CONSTRAINT "link_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_payments" ADD CONSTRAINT "link_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_payments" ADD CONSTRAINT "link_payments_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_payments" ADD CONSTRAINT "link_payments_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_schedules" ADD CONSTRAINT "settlement_schedules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_schedules" ADD CONSTRAINT "settlement_schedules_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_slug_unique" ON "payment_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "payment_links_merchant_idx" ON "payment_links" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_idx" ON "checkout_sessions" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "link_payments_link_idx" ON "link_payments" USING btree ("payment_link_id","created_at");--> statement-breakpoint
CREATE INDEX "link_payments_session_idx" ON "link_payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_merchant_idx" ON "bank_accounts" USING btree ("merchant_id","mode");--> statement-breakpoint
CREATE INDEX "bank_accounts_status_idx" ON "bank_accounts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_schedules_unique" ON "settlement_schedules" USING btree ("merchant_id","mode","currency");--> statement-breakpoint
CREATE INDEX "settlement_schedules_due_idx" ON "settlement_schedules" USING btree ("next_run_at") WHERE "settlement_schedules"."enabled";--> statement-breakpoint
CREATE INDEX "settlements_merchant_idx" ON "settlements" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "settlements_pending_idx" ON "settlements" USING btree ("created_at") WHERE "settlements"."status" = 'pending';