CREATE TABLE "connector_events" (
	"operator" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connector_events_operator_event_id_pk" PRIMARY KEY("operator","event_id")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "operator_handle" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "callback_secret" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "submit_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "submitted_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "poll_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "last_operator_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_operator_handle_idx" ON "transactions" USING btree ("connector","operator_handle");--> statement-breakpoint
CREATE INDEX "transactions_attention_idx" ON "transactions" USING btree ("needs_attention") WHERE "transactions"."needs_attention";