CREATE TABLE "status_incidents" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"impact" text NOT NULL,
	"status" text NOT NULL,
	"affected" jsonb NOT NULL,
	"resolved_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incident_updates" (
	"id" text PRIMARY KEY NOT NULL,
	"incident_id" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"confirmed_at" timestamp (6) with time zone,
	"confirmation_sent_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_samples" (
	"hour" timestamp (6) with time zone NOT NULL,
	"country_code" text NOT NULL,
	"network" text NOT NULL,
	"direction" text NOT NULL,
	"worst" smallint NOT NULL,
	"samples" integer NOT NULL,
	"degraded_samples" integer NOT NULL,
	"down_samples" integer NOT NULL,
	CONSTRAINT "status_samples_hour_country_code_network_direction_pk" PRIMARY KEY("hour","country_code","network","direction")
);
--> statement-breakpoint
ALTER TABLE "status_incident_updates" ADD CONSTRAINT "status_incident_updates_incident_id_status_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."status_incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_incidents_created_idx" ON "status_incidents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "status_incident_updates_incident_idx" ON "status_incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_email_idx" ON "status_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_token_idx" ON "status_subscribers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_unsubscribe_idx" ON "status_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "transactions_live_updated_idx" ON "transactions" USING btree ("updated_at") WHERE "transactions"."mode" = 'live';