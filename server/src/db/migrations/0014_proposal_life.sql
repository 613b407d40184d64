-- The proposal's life (issue 20, DESIGN.md §9, §10): the statuses of Part II (added at the
-- enum's end; no statement of this migration uses them, since a value added in a transaction
-- cannot be used in it); memberships with a state (invitations are memberships in state invited;
-- every existing one is accepted); every version of a proposal (each existing proposal gets
-- version 1 from its title and abstract); the activity table, which is each proposal's timeline
-- and the committee's log (each existing proposal gets its submission and, if reviewed, its
-- review); the committee's sign-off beside the supervisor's review; the title's search words.
-- pending_since becomes null until a proposal first reaches its supervisor.
CREATE TYPE "public"."membership_state" AS ENUM('invited', 'accepted', 'declined', 'left', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."proposal_status" ADD VALUE 'Awaiting members';--> statement-breakpoint
ALTER TYPE "public"."proposal_status" ADD VALUE 'Changes requested';--> statement-breakpoint
ALTER TYPE "public"."proposal_status" ADD VALUE 'Awaiting committee';--> statement-breakpoint
ALTER TYPE "public"."proposal_status" ADD VALUE 'Withdrawn';--> statement-breakpoint
ALTER TYPE "public"."proposal_status" ADD VALUE 'Awaiting allocation';--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"proposal_id" uuid,
	"subject_id" uuid,
	"subject_name" text,
	"from_status" "proposal_status",
	"to_status" "proposal_status",
	"note" text
);
--> statement-breakpoint
CREATE TABLE "proposal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"abstract" text NOT NULL,
	"document_id" uuid,
	"note" text,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "pending_since" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_members" ADD COLUMN "state" "membership_state" DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "committee_feedback" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "committee_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "committee_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title, '[[:punct:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_document_id_files_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_proposal_idx" ON "activity" USING btree ("proposal_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_kind_idx" ON "activity" USING btree ("kind","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_versions_number_uq" ON "proposal_versions" USING btree ("proposal_id","number");--> statement-breakpoint
CREATE INDEX "proposal_versions_document_idx" ON "proposal_versions" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_committee_decided_by_users_id_fk" FOREIGN KEY ("committee_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_search_idx" ON "proposals" USING gin ("search_words");--> statement-breakpoint
INSERT INTO "proposal_versions" ("proposal_id", "number", "title", "abstract", "author_id", "created_at")
  SELECT "id", 1, "title", "abstract", "created_by", "created_at" FROM "proposals";--> statement-breakpoint
INSERT INTO "activity" ("at", "actor_id", "kind", "action", "proposal_id", "to_status")
  SELECT "created_at", "created_by", 'proposal', 'submit', "id", 'Pending' FROM "proposals";--> statement-breakpoint
INSERT INTO "activity" ("at", "actor_id", "kind", "action", "proposal_id", "from_status", "to_status", "note")
  SELECT "reviewed_at", "reviewed_by", 'proposal', CASE WHEN "status" = 'Approved' THEN 'approve' ELSE 'deny' END,
         "id", 'Pending', "status", NULLIF("feedback", '')
    FROM "proposals" WHERE "reviewed_at" IS NOT NULL AND "status" IN ('Approved', 'Denied');