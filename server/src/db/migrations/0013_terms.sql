-- Terms, deadlines and places (issue 19, DESIGN.md §8). Every database has one current term
-- (a one-row table naming it); "Default", with no window and no limits, is made here and the
-- proposals already in the database belong to it. A student's one active place is per term: the
-- members carry their proposal's term (kept equal by a two-column foreign key) so that the
-- partial unique index can name it. Both columns default to the current term (for scripts and
-- tests; the server names the term it read). The scheduler keeps its jobs' next runs in scheduled_jobs.
CREATE TYPE "public"."term_mode" AS ENUM('direct', 'allocation');--> statement-breakpoint
CREATE TABLE "current_term" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"term_id" uuid NOT NULL,
	CONSTRAINT "current_term_only_ck" CHECK ("current_term"."only")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "term_capacities" (
	"term_id" uuid NOT NULL,
	"supervisor_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "term_capacities_term_id_supervisor_id_pk" PRIMARY KEY("term_id","supervisor_id"),
	CONSTRAINT "term_capacities_capacity_ck" CHECK ("term_capacities"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mode" "term_mode" DEFAULT 'direct' NOT NULL,
	"submissions_open_at" timestamp with time zone,
	"submissions_close_at" timestamp with time zone,
	"revisions_close_at" timestamp with time zone,
	"review_due_days" integer DEFAULT 7 NOT NULL,
	"committee_approval" boolean DEFAULT false NOT NULL,
	"default_capacity" integer,
	"max_preferences" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_window_ck" CHECK ("terms"."submissions_close_at" > "terms"."submissions_open_at"),
	CONSTRAINT "terms_revisions_ck" CHECK ("terms"."revisions_close_at" > "terms"."submissions_open_at"),
	CONSTRAINT "terms_review_due_ck" CHECK ("terms"."review_due_days" >= 1),
	CONSTRAINT "terms_default_capacity_ck" CHECK ("terms"."default_capacity" >= 0),
	CONSTRAINT "terms_max_preferences_ck" CHECK ("terms"."max_preferences" >= 1)
);
--> statement-breakpoint
INSERT INTO "terms" ("name") VALUES ('Default');--> statement-breakpoint
INSERT INTO "current_term" ("term_id") SELECT "id" FROM "terms";--> statement-breakpoint
CREATE FUNCTION "current_term_id"() RETURNS uuid LANGUAGE sql STABLE AS 'SELECT "term_id" FROM "public"."current_term"';--> statement-breakpoint
ALTER TABLE "current_term" ADD CONSTRAINT "current_term_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_capacities" ADD CONSTRAINT "term_capacities_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_capacities" ADD CONSTRAINT "term_capacities_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_name_lower_uq" ON "terms" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "term_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "pending_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "proposals" SET "term_id" = (SELECT "term_id" FROM "current_term"), "pending_since" = "created_at";--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "term_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "term_id" SET DEFAULT current_term_id();--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_id_term_uq" ON "proposals" USING btree ("id","term_id");--> statement-breakpoint
ALTER TABLE "proposal_members" ADD COLUMN "term_id" uuid;--> statement-breakpoint
UPDATE "proposal_members" m SET "term_id" = p."term_id" FROM "proposals" p WHERE p."id" = m."proposal_id";--> statement-breakpoint
ALTER TABLE "proposal_members" ALTER COLUMN "term_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_members" ALTER COLUMN "term_id" SET DEFAULT current_term_id();--> statement-breakpoint
ALTER TABLE "proposal_members" ADD CONSTRAINT "proposal_members_proposal_term_fk" FOREIGN KEY ("proposal_id","term_id") REFERENCES "public"."proposals"("id","term_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
DROP INDEX "proposal_members_one_active_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_members_one_active_uq" ON "proposal_members" USING btree ("term_id","user_id") WHERE "proposal_members"."active";--> statement-breakpoint
DROP INDEX "proposals_supervisor_idx";--> statement-breakpoint
CREATE INDEX "proposals_term_created_idx" ON "proposals" USING btree ("term_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_term_status_created_idx" ON "proposals" USING btree ("term_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_supervisor_term_idx" ON "proposals" USING btree ("supervisor_id","term_id","status","created_at","id","type");
