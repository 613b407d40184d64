-- The thesis (issue 31 item 1, DESIGN.md §16, decisions 0062 and 0063): a thesis 1:1 with each
-- Approved proposal, the term's thesis settings, and the thesis states on timeline rows.
CREATE TYPE "public"."grade_scale" AS ENUM('percent', 'german', 'letter');--> statement-breakpoint
CREATE TYPE "public"."thesis_state" AS ENUM('Writing', 'Submitted', 'Graded', 'Disputed', 'Released', 'Cancelled', 'Annulled');--> statement-breakpoint
CREATE TABLE "theses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"state" "thesis_state" DEFAULT 'Writing' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"first_examiner_id" uuid,
	"second_examiner_id" uuid,
	"first_assessed_at" timestamp with time zone,
	"second_assessed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"final_document_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theses_due_ck" CHECK ("theses"."due_at" > "theses"."started_at"),
	CONSTRAINT "theses_examiners_ck" CHECK ("theses"."second_examiner_id" is null or "theses"."second_examiner_id" is distinct from "theses"."first_examiner_id")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "from_thesis_state" "thesis_state";--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "to_thesis_state" "thesis_state";--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "thesis_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "writing_weeks" integer DEFAULT 26 NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "grade_scale" "grade_scale" DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "grade_tolerance" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "rubric" jsonb DEFAULT '[{"name":"Overall","weight":100,"description":""}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "declaration_text" text DEFAULT 'I declare that I wrote my part of this thesis myself, that I used no sources or aids other than those I name, and that I marked every quotation and every idea taken from others as such. This work has not been submitted for any other examination.' NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "marking_days" integer DEFAULT 28 NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "defense_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "defense_minutes" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_first_examiner_id_users_id_fk" FOREIGN KEY ("first_examiner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_second_examiner_id_users_id_fk" FOREIGN KEY ("second_examiner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_final_document_id_files_id_fk" FOREIGN KEY ("final_document_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "theses_proposal_uq" ON "theses" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "theses_state_due_idx" ON "theses" USING btree ("state","due_at","id");--> statement-breakpoint
CREATE INDEX "theses_first_examiner_idx" ON "theses" USING btree ("first_examiner_id","state");--> statement-breakpoint
CREATE INDEX "theses_second_examiner_idx" ON "theses" USING btree ("second_examiner_id","state");--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_writing_weeks_ck" CHECK ("terms"."writing_weeks" >= 1);--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_grade_tolerance_ck" CHECK ("terms"."grade_tolerance" >= 0);--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_marking_days_ck" CHECK ("terms"."marking_days" >= 1);--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_defense_minutes_ck" CHECK ("terms"."defense_minutes" >= 1);--> statement-breakpoint
-- hand-written (issue 31): every proposal Approved before this release starts its thesis now, due
-- by the rule of shared/src/thesis-life.ts thesisDueAt (the term's thesis_due_at, else start +
-- writing_weeks, never less than 14 days after the start), with its supervisor as first examiner
-- and a timeline row for the start.
INSERT INTO "theses" ("proposal_id", "state", "started_at", "due_at", "first_examiner_id")
SELECT p."id", 'Writing', now(),
       greatest(coalesce(t."thesis_due_at", now() + t."writing_weeks" * interval '7 days'), now() + interval '14 days'),
       p."supervisor_id"
  FROM "proposals" p JOIN "terms" t ON t."id" = p."term_id"
 WHERE p."status" = 'Approved';--> statement-breakpoint
INSERT INTO "activity" ("at", "actor_id", "kind", "action", "proposal_id", "to_thesis_state")
SELECT th."started_at", NULL, 'thesis', 'start', th."proposal_id", 'Writing' FROM "theses" th;