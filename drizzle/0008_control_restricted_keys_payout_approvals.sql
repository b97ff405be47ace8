CREATE TYPE "public"."api_key_scope" AS ENUM('full', 'read_only');--> statement-breakpoint
CREATE TYPE "public"."payout_approval_status" AS ENUM('awaiting_approval', 'approved', 'rejected', 'void');--> statement-breakpoint
CREATE TABLE "payout_approval_settings" (
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hold_api_payouts" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_approval_settings_merchant_id_mode_pk" PRIMARY KEY("merchant_id","mode")
);
--> statement-breakpoint
CREATE TABLE "payout_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"transaction_id" text,
	"bulk_batch_id" text,
	"status" "payout_approval_status" DEFAULT 'awaiting_approval' NOT NULL,
	"source" text NOT NULL,
	"item_count" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"requested_by_id" text,
	"requested_by_type" text NOT NULL,
	"requested_by_label" text NOT NULL,
	"decided_by_id" text,
	"decided_by_label" text,
	"decided_at" timestamp (6) with time zone,
	"rejection_reason" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" "api_key_scope" DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_ips" text[];--> statement-breakpoint
ALTER TABLE "payout_approval_settings" ADD CONSTRAINT "payout_approval_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approval_settings" ADD CONSTRAINT "payout_approval_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_approvals_merchant_status" ON "payout_approvals" USING btree ("merchant_id","mode","status","created_at");