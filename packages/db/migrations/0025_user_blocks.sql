ALTER TABLE "user_blocks" RENAME COLUMN "user_id" TO "target_id";--> statement-breakpoint
ALTER TABLE "user_blocks" DROP CONSTRAINT "user_blocks_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "user_blocks_user_idx";--> statement-breakpoint
ALTER TABLE "user_blocks" DROP CONSTRAINT "user_blocks_performer_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "user_blocks" ALTER COLUMN "reason" DROP DEFAULT;--> statement-breakpoint
-- Rows written before blocks had their own id get one now, then the default goes (ids come from the app).
ALTER TABLE "user_blocks" ADD COLUMN "id" uuid PRIMARY KEY NOT NULL DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "user_blocks" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_blocks_performer_target_idx" ON "user_blocks" USING btree ("performer_id","target_id");--> statement-breakpoint
CREATE INDEX "user_blocks_target_idx" ON "user_blocks" USING btree ("target_id");--> statement-breakpoint
-- A reason is now required (1..500 characters): older rows without one say so.
UPDATE "user_blocks" SET "reason" = 'No reason given.' WHERE char_length("reason") = 0;--> statement-breakpoint
UPDATE "user_blocks" SET "reason" = left("reason", 500) WHERE char_length("reason") > 500;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_reason_length" CHECK (char_length("user_blocks"."reason") between 1 and 500);