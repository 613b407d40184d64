-- People search (the committee's lists and exports) matches any part of a name, email or student
-- ID, in any case. One lower-cased column holding all three (newline-separated, so a match never
-- spans two of them), with one trigram index, answers it with one index scan and one plain LIKE
-- per candidate row; ILIKE over three columns cost three case-folding comparisons per row and
-- three index scans. The group-member picker searches names and student IDs only (never emails),
-- so their own trigram indexes stay; the email one is no longer used.
ALTER TABLE users ADD COLUMN search_key text
  GENERATED ALWAYS AS (lower(name || E'\n' || email || E'\n' || coalesce(student_id, ''))) STORED;
--> statement-breakpoint
CREATE INDEX users_search_key_trgm_idx ON users USING gin (search_key gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS users_email_trgm_idx;
