CREATE TABLE "social_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_logins" ADD CONSTRAINT "social_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_logins_provider_subject_idx" ON "social_logins" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_logins_user_provider_idx" ON "social_logins" USING btree ("user_id","provider");