ALTER TABLE "site_subscriptions" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "renewal_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "site_subscriptions_renewal_idx" ON "site_subscriptions" USING btree ("expired_at") WHERE "site_subscriptions"."auto_renew" AND "site_subscriptions"."payment_method" = 'wallet';