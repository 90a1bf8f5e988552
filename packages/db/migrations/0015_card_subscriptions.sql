CREATE TABLE "card_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"performer_id" uuid,
	"subscription_id" uuid,
	"plan" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_subscription_id" text,
	"price_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"card_last4" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_subscriptions_price" CHECK ("card_subscriptions"."price_cents" > 0),
	CONSTRAINT "card_subscriptions_kind" CHECK (("card_subscriptions"."kind" = 'site') = ("card_subscriptions"."performer_id" IS NULL) AND ("card_subscriptions"."kind" = 'site') = ("card_subscriptions"."plan" = 'site'))
);
--> statement-breakpoint
CREATE TABLE "stripe_connected_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_connected_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "card_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD CONSTRAINT "card_subscriptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD CONSTRAINT "card_subscriptions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_subscriptions" ADD CONSTRAINT "card_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_connected_accounts" ADD CONSTRAINT "stripe_connected_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_subscriptions_fan_idx" ON "card_subscriptions" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_subscriptions_gateway_idx" ON "card_subscriptions" USING btree ("gateway","gateway_subscription_id") WHERE "card_subscriptions"."gateway_subscription_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "card_subscriptions_renewal_idx" ON "card_subscriptions" USING btree ("current_period_end") WHERE "card_subscriptions"."status" = 'active' AND NOT "card_subscriptions"."cancel_at_period_end";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_card_subscription_id_card_subscriptions_id_fk" FOREIGN KEY ("card_subscription_id") REFERENCES "public"."card_subscriptions"("id") ON DELETE restrict ON UPDATE no action;