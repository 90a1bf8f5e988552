DROP INDEX "feeds_performer_published_idx";--> statement-breakpoint
DROP INDEX "feeds_published_idx";--> statement-breakpoint
CREATE INDEX "feeds_performer_pinned_published_idx" ON "feeds" USING btree ("performer_id","is_pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "feeds_performer_published_idx" ON "feeds" USING btree ("performer_id","published_at","id");--> statement-breakpoint
CREATE INDEX "feeds_published_idx" ON "feeds" USING btree ("published_at","id");