CREATE TABLE "performer_blocked_countries" (
	"performer_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_blocked_countries_performer_id_country_code_pk" PRIMARY KEY("performer_id","country_code"),
	CONSTRAINT "performer_blocked_countries_code_check" CHECK ("performer_blocked_countries"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "site_blocked_countries" (
	"country_code" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_blocked_countries_code_check" CHECK ("site_blocked_countries"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "performer_blocked_countries" ADD CONSTRAINT "performer_blocked_countries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;