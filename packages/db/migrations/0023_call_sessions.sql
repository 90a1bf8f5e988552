CREATE TABLE "call_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fan_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_for" timestamp with time zone,
	"timezone" text,
	"note" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"conversation_id" uuid,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"fan_seen_at" timestamp with time zone,
	"creator_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_sessions_price_non_negative" CHECK ("call_sessions"."price_cents" >= 0),
	CONSTRAINT "call_sessions_totals_non_negative" CHECK ("call_sessions"."billed_minutes" >= 0 AND "call_sessions"."total_seconds" >= 0 AND "call_sessions"."total_spent_cents" >= 0),
	CONSTRAINT "call_sessions_live_started" CHECK ("call_sessions"."status" <> 'live' OR "call_sessions"."started_at" IS NOT NULL)
);
--> statement-breakpoint
DROP INDEX "conversations_pair_idx";--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "accepts_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topic_id" uuid;--> statement-breakpoint
ALTER TABLE "call_sessions" ADD CONSTRAINT "call_sessions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sessions" ADD CONSTRAINT "call_sessions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_sessions_one_active_fan_idx" ON "call_sessions" USING btree ("fan_id") WHERE "call_sessions"."status" IN ('ringing', 'live');--> statement-breakpoint
CREATE INDEX "call_sessions_fan_created_idx" ON "call_sessions" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE INDEX "call_sessions_performer_created_idx" ON "call_sessions" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "call_sessions_active_idx" ON "call_sessions" USING btree ("status","started_at") WHERE "call_sessions"."status" IN ('ringing', 'live');--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_topic_idx" ON "conversations" USING btree ("topic_id") WHERE "conversations"."topic_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("user_low_id","user_high_id") WHERE "conversations"."topic_id" IS NULL;