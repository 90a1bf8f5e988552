ALTER TABLE "files" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "preview" text;