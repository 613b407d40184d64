-- People search, part three. The sort indexes of 0005 (one per sort of the people lists) now also
-- carry search_key, so a broad search past its capped count (users.repository.ts) walks the sort's
-- index and tests each entry in the index itself (an index-only scan) instead of fetching every
-- row it passes from the table: for a term in one name of 30, about 1,000 table rows per page.
-- Drizzle cannot declare INCLUDE columns, so these indexes are hand-written (see schema.ts).
DROP INDEX "users_role_name_idx";--> statement-breakpoint
DROP INDEX "users_role_email_idx";--> statement-breakpoint
DROP INDEX "users_role_student_id_idx";--> statement-breakpoint
DROP INDEX "users_role_created_id_idx";--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name","id") INCLUDE ("search_key");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id") INCLUDE ("search_key");--> statement-breakpoint
CREATE INDEX "users_role_student_id_idx" ON "users" USING btree ("role","student_id","id") INCLUDE ("search_key");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id") INCLUDE ("search_key");--> statement-breakpoint
-- A search first counts its matches up to a cap, which the trigram index answers well for a
-- rare term and a plain scan for a very common one; which one depends on how many rows the
-- planner expects the term to match. With the default sample a common surname ("tanaka", one
-- user in 30) was guessed at nearly twice its real count, and the plan read 6,000 rows where
-- the index reads a few posting lists. A larger sample of search_key makes the guess close.
ALTER TABLE "users" ALTER COLUMN "search_key" SET STATISTICS 500;
--> statement-breakpoint
ANALYZE "users";
