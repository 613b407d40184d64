-- One simple data layer (issue 16, DESIGN.md §14): every read is one statement over plain
-- indexed tables, and the server builds its answers from rows. What kept answers in or beside
-- the database goes: the proposals' stored JSON and the triggers that rebuilt it (0007, 0011), the
-- people's list version (0008) and the per-person list versions (0009, 0011). People search
-- becomes word-prefix search over one text search column, and files move into the database.
--
-- 1. The stored proposal JSON (0007, 0011).
DROP TRIGGER IF EXISTS proposals_doc ON proposals;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_doc_insert ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_doc_change ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_doc_delete ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_proposal_doc ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS research_cells_proposal_doc ON research_cells;--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposal_doc_build();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_members_inserted();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_member_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_user_doc_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_cell_doc_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposal_doc(proposals);--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposal_doc(proposals, json);--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_member_json(users, smallint);--> statement-breakpoint
ALTER TABLE proposals DROP COLUMN IF EXISTS doc;--> statement-breakpoint
-- Only those triggers looked proposals up by creator or reviewer.
DROP INDEX IF EXISTS proposals_created_by_idx;--> statement-breakpoint
DROP INDEX IF EXISTS proposals_reviewed_by_idx;--> statement-breakpoint
--
-- 2. The per-person proposal list versions (0009, 0011).
DROP TRIGGER IF EXISTS proposals_listed_insert ON proposals;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposals_listed_update ON proposals;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposals_listed_delete ON proposals;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_listed_insert ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_listed_update ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_listed_delete ON proposal_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS proposal_members_listed_truncate ON proposal_members;--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposals_inserted();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposals_updated();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposals_deleted();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_members_joined();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_members_moved();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_members_left();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_proposal_lists_emptied();--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_bump_proposal_lists(uuid[]);--> statement-breakpoint
DROP TABLE IF EXISTS proposal_list_versions;--> statement-breakpoint
DROP SEQUENCE IF EXISTS proposal_list_version_seq;--> statement-breakpoint
--
-- 3. The people lists' version (0008).
DROP TRIGGER IF EXISTS users_people_changed ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_people_truncated ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS supervisor_cells_people_changed ON supervisor_cells;--> statement-breakpoint
DROP TRIGGER IF EXISTS research_cells_people_changed ON research_cells;--> statement-breakpoint
DROP FUNCTION IF EXISTS thesisdesk_people_changed();--> statement-breakpoint
DROP TABLE IF EXISTS people_version;--> statement-breakpoint
--
-- 4. People search: the start of any word of a name or email, or the start of a student ID, in
-- any case and without accents (DESIGN.md §14), so that an index answers it. The substring search
-- (search_key and the trigram indexes, 0002–0006) goes, and so do the sort indexes that carried
-- search_key; they come back plain below.
DROP INDEX IF EXISTS users_search_key_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_name_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_student_id_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_role_name_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_role_email_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_role_student_id_idx;--> statement-breakpoint
DROP INDEX IF EXISTS users_role_created_id_idx;--> statement-breakpoint
ALTER TABLE users DROP COLUMN IF EXISTS search_key;--> statement-breakpoint
DROP EXTENSION IF EXISTS pg_trgm;--> statement-breakpoint
-- Words are lower-cased and stripped of accents ("Ána" is "ana"): the simple configuration (no
-- stop words, no stemming, so a prefix is a prefix) with unaccent in front of it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION thesisdesk_search (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION thesisdesk_search
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart
  WITH unaccent, simple;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(name, '[[:punct:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(coalesce(student_id, ''), '[[:punct:][:space:]]+', '', 'g')), 'B') || setweight(to_tsvector('thesisdesk_search'::regconfig, regexp_replace(split_part(email, '@', 1), '[[:punct:]]+', ' ', 'g')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name","id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "users_role_student_id_idx" ON "users" USING btree ("role","student_id","id");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
--
-- 5. Proposal lists: one index per order a list reads, ties broken by id, so a page is a walk of
-- an index. The supervisors' index (0010) carries the type as a key column instead of INCLUDE, so
-- schema.ts can declare it; the dashboard still counts from the index alone.
DROP INDEX IF EXISTS proposals_supervisor_status_created_idx;--> statement-breakpoint
DROP INDEX IF EXISTS proposals_status_created_idx;--> statement-breakpoint
DROP INDEX IF EXISTS proposals_created_idx;--> statement-breakpoint
CREATE INDEX "proposals_created_idx" ON "proposals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_supervisor_created_idx" ON "proposals" USING btree ("supervisor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_supervisor_idx" ON "proposals" USING btree ("supervisor_id","status","created_at","id","type");--> statement-breakpoint
-- A proposal's members in order, from the index alone: every proposal read lists them.
CREATE INDEX "proposal_members_proposal_idx" ON "proposal_members" USING btree ("proposal_id","position","user_id");--> statement-breakpoint
--
-- 6. One store for files (DESIGN.md §10): the bytes in PostgreSQL. Pictures that are still on disk
-- (users.picture_key) are moved in at start-up, which sets users.picture_id.
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_picture_id_files_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_picture_idx" ON "users" USING btree ("picture_id");--> statement-breakpoint
ANALYZE users;--> statement-breakpoint
ANALYZE proposals;--> statement-breakpoint
ANALYZE proposal_members;
