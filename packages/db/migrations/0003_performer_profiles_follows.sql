CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_performer_id_pk" PRIMARY KEY("follower_id","performer_id")
);
--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "documents_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "monthly_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "yearly_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "free_subscription_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "private_call_price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "welcome_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "socials" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "sexual_orientation" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "height" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "weight" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "hair" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "eyes" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "commission_percentage" double precision;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "requires_subscription_to_message" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "followers_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "subscribers_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "posts_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "photos_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "videos_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "likes_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_performer_created_idx" ON "follows" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "performer_profiles_followers_idx" ON "performer_profiles" USING btree ("followers_count");--> statement-breakpoint
CREATE INDEX "performer_profiles_last_seen_idx" ON "performer_profiles" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD CONSTRAINT "performer_profiles_counters_non_negative" CHECK ("performer_profiles"."followers_count" >= 0 AND "performer_profiles"."subscribers_count" >= 0 AND "performer_profiles"."posts_count" >= 0 AND "performer_profiles"."photos_count" >= 0 AND "performer_profiles"."videos_count" >= 0 AND "performer_profiles"."likes_count" >= 0);--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD CONSTRAINT "performer_profiles_prices_non_negative" CHECK ("performer_profiles"."monthly_price_cents" >= 0 AND "performer_profiles"."yearly_price_cents" >= 0 AND "performer_profiles"."private_call_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD CONSTRAINT "performer_profiles_commission_range" CHECK ("performer_profiles"."commission_percentage" >= 0 AND "performer_profiles"."commission_percentage" <= 1);