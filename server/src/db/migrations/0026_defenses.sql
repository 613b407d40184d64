CREATE TABLE "defense_people" (
	"defense_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "defense_people_defense_id_user_id_pk" PRIMARY KEY("defense_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "defenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thesis_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"room_id" uuid,
	"online_url" text,
	"public" boolean NOT NULL,
	"chair_id" uuid,
	"minutes" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defenses_ends_after_start_ck" CHECK ("defenses"."ends_at" > "defenses"."starts_at"),
	CONSTRAINT "defenses_room_or_online_ck" CHECK (("defenses"."room_id" is null) <> ("defenses"."online_url" is null))
);
--> statement-breakpoint
ALTER TABLE "defense_people" ADD CONSTRAINT "defense_people_defense_id_defenses_id_fk" FOREIGN KEY ("defense_id") REFERENCES "public"."defenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defense_people" ADD CONSTRAINT "defense_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defenses" ADD CONSTRAINT "defenses_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defenses" ADD CONSTRAINT "defenses_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defenses" ADD CONSTRAINT "defenses_chair_id_users_id_fk" FOREIGN KEY ("chair_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "defense_people_user_idx" ON "defense_people" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "defenses_thesis_active_uq" ON "defenses" USING btree ("thesis_id") WHERE "defenses"."cancelled_at" is null;--> statement-breakpoint
-- Hand-written (decision 0073): nobody double-booked, enforced by the database. btree_gist lets one
-- GiST index compare a room's or a person's id (=) with a time range (&&).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "defenses" ADD CONSTRAINT "defenses_room_no_overlap_ex" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("cancelled_at" IS NULL AND "room_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "defense_people" ADD CONSTRAINT "defense_people_no_overlap_ex" EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
