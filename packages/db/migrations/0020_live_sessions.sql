CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"planned_duration_minutes" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_price_non_negative" CHECK ("live_sessions"."price_cents" >= 0),
	CONSTRAINT "live_sessions_status" CHECK ("live_sessions"."status" IN ('live', 'ended')),
	CONSTRAINT "live_sessions_ended" CHECK (("live_sessions"."status" = 'ended') = ("live_sessions"."ended_at" IS NOT NULL AND "live_sessions"."end_reason" IS NOT NULL)),
	CONSTRAINT "live_sessions_duration_positive" CHECK ("live_sessions"."planned_duration_minutes" IS NULL OR "live_sessions"."planned_duration_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_one_live_idx" ON "live_sessions" USING btree ("performer_id") WHERE "live_sessions"."status" = 'live';--> statement-breakpoint
CREATE INDEX "live_sessions_status_started_idx" ON "live_sessions" USING btree ("status","started_at");