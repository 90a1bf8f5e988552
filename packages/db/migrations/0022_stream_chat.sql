CREATE TABLE "live_session_moderations" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_session_moderations_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_low_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_high_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "type" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "live_session_moderations" ADD CONSTRAINT "live_session_moderations_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session_moderations" ADD CONSTRAINT "live_session_moderations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_conversation_idx" ON "live_sessions" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_when_private" CHECK (("conversations"."type" = 'private') = ("conversations"."user_low_id" IS NOT NULL AND "conversations"."user_high_id" IS NOT NULL));