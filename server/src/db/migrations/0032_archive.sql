-- The archive (DESIGN.md §19, decision 0077): who registered themselves (backfilled from the
-- activity row every registration writes), the archive's search words, and released theses in order.
ALTER TABLE "users" ADD COLUMN "self_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "archive_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title || ' ' || abstract, '[[:punct:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "proposals_archive_search_idx" ON "proposals" USING gin ("archive_words");--> statement-breakpoint
CREATE INDEX "theses_released_idx" ON "theses" USING btree ("released_at","id") WHERE "theses"."state" = 'Released';--> statement-breakpoint
UPDATE "users" SET "self_registered" = true WHERE "id" IN (SELECT "subject_id" FROM "activity" WHERE "kind" = 'account' AND "action" = 'register' AND "note" = 'Student');
