CREATE TABLE "connector_breakers" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp (6) with time zone,
	"last_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "route" text;