CREATE TABLE "timeline_entries" (
	"fan_id" uuid NOT NULL,
	"feed_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timeline_entries_feed_id_fan_id_pk" PRIMARY KEY("feed_id","fan_id")
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_entries_fan_published_idx" ON "timeline_entries" USING btree ("fan_id","published_at","feed_id");--> statement-breakpoint
CREATE INDEX "timeline_entries_fan_performer_idx" ON "timeline_entries" USING btree ("fan_id","performer_id");--> statement-breakpoint
-- Backfill: each follow and running subscription gets the creator's latest 50 posts (as the app's
-- rebuildTimelines does), so an upgraded site's home timelines are not empty.
INSERT INTO "timeline_entries" ("fan_id", "feed_id", "performer_id", "published_at")
SELECT r.fan_id, p."id", p."performer_id", p."published_at"
FROM (SELECT fo."follower_id" AS fan_id, fo."performer_id" FROM "follows" fo
      UNION SELECT s."fan_id", s."performer_id" FROM "subscriptions" s WHERE s."expired_at" > now()) r
CROSS JOIN LATERAL (
  SELECT f."id", f."performer_id", f."published_at" FROM "feeds" f
  WHERE f."performer_id" = r."performer_id" AND f."hidden_at" IS NULL
  ORDER BY f."published_at" DESC, f."id" DESC
  LIMIT 50
) p
WHERE NOT EXISTS (SELECT 1 FROM "user_blocks" b WHERE b."performer_id" = r."performer_id" AND b."target_id" = r.fan_id)
ON CONFLICT ("feed_id", "fan_id") DO NOTHING;
