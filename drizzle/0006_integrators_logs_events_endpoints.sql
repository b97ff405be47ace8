CREATE TABLE "request_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"api_key_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" real NOT NULL,
	"request_id" text NOT NULL,
	"idempotency_key" text,
	"client_address" text,
	"request_body" text,
	"response_body" text,
	"transaction_id" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"secret_encrypted" text,
	"previous_secret_encrypted" text,
	"previous_secret_expires_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "endpoint_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "fanned_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "endpoint_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_logs_merchant_idx" ON "request_logs" USING btree ("merchant_id","mode","id");--> statement-breakpoint
CREATE INDEX "request_logs_transaction_idx" ON "request_logs" USING btree ("transaction_id") WHERE "request_logs"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_merchant_idx" ON "webhook_endpoints" USING btree ("merchant_id","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_default_unique" ON "webhook_endpoints" USING btree ("merchant_id","mode") WHERE "webhook_endpoints"."is_default";--> statement-breakpoint
CREATE INDEX "webhook_events_parent_idx" ON "webhook_events" USING btree ("parent_id") WHERE "webhook_events"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","created_at") WHERE "webhook_attempts"."endpoint_id" is not null;