CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text,
	"mode" "mode",
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_merchant_created" ON "audit_log" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created" ON "audit_log" USING btree ("action","created_at");