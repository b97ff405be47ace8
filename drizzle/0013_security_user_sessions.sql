CREATE TABLE "user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"address" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (6) with time zone,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","last_seen_at");