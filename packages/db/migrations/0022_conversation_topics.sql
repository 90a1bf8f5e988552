DROP INDEX "conversations_pair_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topic_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_topic_idx" ON "conversations" USING btree ("topic_id") WHERE "conversations"."topic_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("user_low_id","user_high_id") WHERE "conversations"."topic_id" IS NULL;