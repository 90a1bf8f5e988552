CREATE TABLE "message_unread_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_unread_totals_non_negative" CHECK ("message_unread_totals"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "message_unread_totals" ADD CONSTRAINT "message_unread_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each person's total as their conversations hold it now.
INSERT INTO "message_unread_totals" ("user_id", "total")
SELECT "user_id", sum("unread_count")::int FROM "conversation_members" WHERE "unread_count" > 0 GROUP BY "user_id";
