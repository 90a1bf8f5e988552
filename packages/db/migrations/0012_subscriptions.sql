CREATE TABLE "site_subscriptions" (
	"fan_id" uuid PRIMARY KEY NOT NULL,
	"expired_at" timestamp with time zone,
	"trial_used_at" timestamp with time zone,
	"last_paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" text DEFAULT 'wallet' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "free_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD CONSTRAINT "site_subscriptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("expired_at") WHERE "subscriptions"."auto_renew" AND "subscriptions"."payment_method" = 'wallet';