CREATE TABLE "calendar_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"feed_token_hash" text,
	"show_name_on_public_defenses" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_settings_feed_token_uq" UNIQUE("feed_token_hash")
);
--> statement-breakpoint
ALTER TABLE "defenses" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;